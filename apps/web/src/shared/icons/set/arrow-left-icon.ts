export { faArrowLeft as arrowLeftIcon } from '@fortawesome/free-solid-svg-icons/faArrowLeft';
