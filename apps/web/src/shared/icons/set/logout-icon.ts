export { faArrowRightFromBracket as logoutIcon } from '@fortawesome/free-solid-svg-icons/faArrowRightFromBracket';
