export { faHorse as horseIcon } from '@fortawesome/free-solid-svg-icons/faHorse';
