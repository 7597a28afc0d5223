export { faCircleCheck as circleCheckIcon } from '@fortawesome/free-solid-svg-icons/faCircleCheck';
