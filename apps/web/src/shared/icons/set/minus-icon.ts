export { faMinus as minusIcon } from '@fortawesome/free-solid-svg-icons/faMinus';
