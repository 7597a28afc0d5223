export { faPlay as playIcon } from '@fortawesome/free-solid-svg-icons/faPlay';
