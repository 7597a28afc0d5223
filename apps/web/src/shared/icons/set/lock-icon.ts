export { faLock as lockIcon } from '@fortawesome/free-solid-svg-icons/faLock';
