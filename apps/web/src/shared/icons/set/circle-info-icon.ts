export { faCircleInfo as circleInfoIcon } from '@fortawesome/free-solid-svg-icons/faCircleInfo';
