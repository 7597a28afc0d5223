export { faCopy as copyIcon } from '@fortawesome/free-solid-svg-icons/faCopy';
