export { faArrowRightToBracket as loginIcon } from '@fortawesome/free-solid-svg-icons/faArrowRightToBracket';
