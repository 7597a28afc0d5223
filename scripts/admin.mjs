// `npm run admin -- create-owner <name>`: the back office's command line (see README).
import { register } from 'tsx/esm/api';

register();
await import('../apps/server/src/admin-command.ts');
