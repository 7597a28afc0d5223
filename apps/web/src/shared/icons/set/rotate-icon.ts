export { faRotateRight as rotateIcon } from '@fortawesome/free-solid-svg-icons/faRotateRight';
