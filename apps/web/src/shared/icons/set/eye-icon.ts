export { faEye as eyeIcon } from '@fortawesome/free-solid-svg-icons/faEye';
