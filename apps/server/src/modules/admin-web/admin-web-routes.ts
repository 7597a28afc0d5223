import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fail } from '@backlay/contract/envelope';

/** Where the back office is served; its client is built with this base. */
export const ADMIN_WEB_PREFIX = '/admin';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/**
 * Paths that name a file of the build. Named by extension, not by "has a dot": market ids
 * (`/admin/markets/1.2345`) have dots and are pages.
 */
const STATIC_FILE = /\.(?:js|mjs|css|map|png|jpe?g|gif|webp|svg|ico|json|txt|woff2?|ttf)$/i;
/** The back office's API lives under the same prefix; an unknown call there is no page. */
const ADMIN_API = /^api(?:\/|$)/i;

export const NOT_BUILT_MESSAGE =
  'The back office has not been built yet. Run `npm start` (it builds it) or `npm run build`.';

/** The path under `/admin/` a request names (`assets/index-abc.js`, `players/…`), still encoded. */
function pathUnderPrefix(request: FastifyRequest): string {
  const pathname = request.url.split('?')[0] ?? '';
  return pathname.slice(ADMIN_WEB_PREFIX.length).replace(/^\/+/, '');
}

/** The file of the build a path names, when it exists inside the build and nowhere else. */
function builtFile(distDir: string, encoded: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  const file = path.resolve(distDir, decoded);
  const inside = path.relative(distDir, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
  return fs.existsSync(file) && fs.statSync(file).isFile() ? inside : null;
}

/**
 * Serves the built back office (`apps/admin/dist`) under `/admin/`: hashed files under
 * `/admin/assets/` are cached for good, and every other page path gets `index.html`,
 * revalidated on each visit so a release is picked up at once, for the client to route. An
 * unknown `/admin/api/…` call answers the envelope's NOT_FOUND, as `/api` does; until the client
 * is built, pages answer 503 with how to build it.
 */
export async function adminWebRoutes(
  app: FastifyInstance,
  options: { adminDistDir: string },
): Promise<void> {
  const distDir = path.resolve(options.adminDistDir);
  const indexPath = path.join(distDir, 'index.html');
  // Only `reply.sendFile` (ranges, ETags, content types, traversal checks): the routes below
  // decide what is a file, a page or an API call.
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    // An unbuilt client is answered with a 503 below, not warned about at every start.
    suppressWarning: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
      reply.header(
        'cache-control',
        immutable ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
      );
    },
  });

  const serve = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const rest = pathUnderPrefix(request);
    if (ADMIN_API.test(rest)) {
      const pathname = request.url.split('?')[0] ?? '';
      return reply
        .code(404)
        .send(fail('NOT_FOUND', `There is no API call ${request.method} ${pathname}.`));
    }
    if (STATIC_FILE.test(rest)) {
      const file = builtFile(distDir, rest);
      if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.sendFile(file);
    }
    if (!fs.existsSync(indexPath)) {
      return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(fs.readFileSync(indexPath, 'utf8'));
  };

  // `/admin` and `/admin/` are one route (the router ignores trailing slashes); the wildcard
  // takes everything under it that no more specific route (the API's) claims.
  app.get(ADMIN_WEB_PREFIX, serve);
  app.get(`${ADMIN_WEB_PREFIX}/*`, serve);
}
