export { faTrophy as trophyIcon } from '@fortawesome/free-solid-svg-icons/faTrophy';
