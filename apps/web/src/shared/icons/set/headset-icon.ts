export { faHeadset as headsetIcon } from '@fortawesome/free-solid-svg-icons/faHeadset';
