export { faXmark as xmarkIcon } from '@fortawesome/free-solid-svg-icons/faXmark';
