export { faBars as barsIcon } from '@fortawesome/free-solid-svg-icons/faBars';
