export { faKey as keyIcon } from '@fortawesome/free-solid-svg-icons/faKey';
