import type { FastifyInstance } from 'fastify';
import { ok } from '@backlay/contract/envelope';
import type { Database } from '../../db/database';

const startedAtMs = Date.now();

/** Operational calls outside the player contract: health for load balancers and operators. */
export async function systemRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  app.get('/api/health', async () => {
    const [row] = await options.db.query<{ id: string }>('SELECT id FROM installation');
    return ok({
      status: 'ok',
      database: options.db.kind,
      installationId: row?.id ?? null,
      uptimeSeconds: Math.round((Date.now() - startedAtMs) / 1000),
    });
  });
}
