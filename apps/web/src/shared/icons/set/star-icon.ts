export { faStar as starIcon } from '@fortawesome/free-solid-svg-icons/faStar';
