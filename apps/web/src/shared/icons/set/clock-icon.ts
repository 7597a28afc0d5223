export { faClock as clockIcon } from '@fortawesome/free-solid-svg-icons/faClock';
