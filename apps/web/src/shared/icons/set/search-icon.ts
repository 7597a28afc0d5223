export { faMagnifyingGlass as searchIcon } from '@fortawesome/free-solid-svg-icons/faMagnifyingGlass';
