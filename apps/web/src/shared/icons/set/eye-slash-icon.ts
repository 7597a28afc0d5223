export { faEyeSlash as eyeSlashIcon } from '@fortawesome/free-solid-svg-icons/faEyeSlash';
