export { faDice as diceIcon } from '@fortawesome/free-solid-svg-icons/faDice';
