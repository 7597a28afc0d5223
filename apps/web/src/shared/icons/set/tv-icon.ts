export { faTv as tvIcon } from '@fortawesome/free-solid-svg-icons/faTv';
