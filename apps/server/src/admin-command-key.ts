/** The file in the data folder that holds the running server's key for `npm run admin`. */
export const COMMAND_KEY_FILE = 'admin-command.key';
