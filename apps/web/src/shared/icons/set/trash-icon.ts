export { faTrash as trashIcon } from '@fortawesome/free-solid-svg-icons/faTrash';
