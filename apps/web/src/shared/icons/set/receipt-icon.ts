export { faReceipt as receiptIcon } from '@fortawesome/free-solid-svg-icons/faReceipt';
