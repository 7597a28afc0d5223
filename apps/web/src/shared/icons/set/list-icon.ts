export { faListUl as listIcon } from '@fortawesome/free-solid-svg-icons/faListUl';
