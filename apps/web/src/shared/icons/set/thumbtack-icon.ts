export { faThumbtack as thumbtackIcon } from '@fortawesome/free-solid-svg-icons/faThumbtack';
