/**
 * The file in the data folder through which `npm run admin` finds the server running on it:
 * the server's key (proof the command runs on this machine, with access to the data folder)
 * and the port it listens on. The command must ask that server rather than open the embedded
 * database beside it, whatever port the command's own environment names.
 */
import fs from 'node:fs';
import path from 'node:path';

export const COMMAND_KEY_FILE = 'admin-command.key';

export interface CommandKey {
  key: string;
  /** The running server's port; null in a file written before the port was kept. */
  port: number | null;
}

/** Writes the key file of a server listening on `port` (the file only its owner reads). */
export function writeCommandKey(dataDir: string, key: string, port: number): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, COMMAND_KEY_FILE), `${key}\n${port}\n`, { mode: 0o600 });
}

/** The key file of a server that ran on `dataDir`; null when there is none. */
export function readCommandKey(dataDir: string): CommandKey | null {
  const file = path.join(dataDir, COMMAND_KEY_FILE);
  if (!fs.existsSync(file)) return null;
  const [key = '', port = ''] = fs.readFileSync(file, 'utf8').split('\n');
  const portNumber = Number(port.trim());
  return {
    key: key.trim(),
    port: Number.isInteger(portNumber) && portNumber > 0 ? portNumber : null,
  };
}
