export { faCircleExclamation as circleExclamationIcon } from '@fortawesome/free-solid-svg-icons/faCircleExclamation';
