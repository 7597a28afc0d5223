export { faMoneyBillTransfer as withdrawIcon } from '@fortawesome/free-solid-svg-icons/faMoneyBillTransfer';
