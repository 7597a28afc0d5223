// The one sanitiser of free text lives in the contract, so the server strips what the client does.
export {
  SQL_SANITIZING_ENABLED,
  SQL_WORDS,
  sanitizeInput,
  stripMarkup,
  type SanitizeOptions,
} from '@backlay/contract/sanitize-input';
