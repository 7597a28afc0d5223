export { faFutbol as footballIcon } from '@fortawesome/free-solid-svg-icons/faFutbol';
