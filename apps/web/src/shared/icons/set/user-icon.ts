export { faUser as userIcon } from '@fortawesome/free-solid-svg-icons/faUser';
