export { faFileInvoiceDollar as statementIcon } from '@fortawesome/free-solid-svg-icons/faFileInvoiceDollar';
