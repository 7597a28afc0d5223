export { faSliders as slidersIcon } from '@fortawesome/free-solid-svg-icons/faSliders';
