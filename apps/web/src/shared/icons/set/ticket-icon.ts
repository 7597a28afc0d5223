export { faTicket as ticketIcon } from '@fortawesome/free-solid-svg-icons/faTicket';
