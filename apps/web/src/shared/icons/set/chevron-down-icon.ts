export { faChevronDown as chevronDownIcon } from '@fortawesome/free-solid-svg-icons/faChevronDown';
