export { faBookOpen as bookIcon } from '@fortawesome/free-solid-svg-icons/faBookOpen';
