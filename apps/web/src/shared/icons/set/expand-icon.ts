export { faExpand as expandIcon } from '@fortawesome/free-solid-svg-icons/faExpand';
