export { faUserPlus as userPlusIcon } from '@fortawesome/free-solid-svg-icons/faUserPlus';
