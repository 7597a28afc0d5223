export { faHandHoldingDollar as depositIcon } from '@fortawesome/free-solid-svg-icons/faHandHoldingDollar';
