export { faPlus as plusIcon } from '@fortawesome/free-solid-svg-icons/faPlus';
