export { faClockRotateLeft as historyIcon } from '@fortawesome/free-solid-svg-icons/faClockRotateLeft';
