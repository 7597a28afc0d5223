import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** A missing file (a stale script, a favicon) is a 404, not the app's HTML in disguise. */
const STATIC_FILE = /\.(?:js|mjs|css|map|png|jpe?g|gif|webp|svg|ico|json|txt|woff2?|ttf)$/i;

/**
 * Serves the built client: hashed files under `/assets` are cached for good, while
 * `index.html` is revalidated on every visit so a new release is picked up at once.
 */
export async function webRoutes(
  app: FastifyInstance,
  options: { webDistDir: string; headTags: HeadTags },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: options.webDistDir,
    prefix: '/',
    wildcard: true,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        immutable ? `public, max-age=${YEAR_MS / 1000}, immutable` : 'no-cache',
      );
    },
  });
  // The root is a page like any other; static serving would refuse it as a directory.
  app.get('/', spaFallback(options.webDistDir, options.headTags));
}

/** Tags for a page's head: the same for every page, or worked out per request (its brand). */
export type HeadTags = string | ((request: FastifyRequest) => string);

/**
 * The SPA fallback: every other page path gets `index.html`, and the client routes it.
 * `headTags` are added to the page's head (the payload codec's meta tag, when configured, and
 * the brand the host is served as).
 */
export function spaFallback(webDistDir: string, headTags: HeadTags = '') {
  const indexPath = path.join(webDistDir, 'index.html');
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const pathname = request.url.split('?')[0] ?? '';
    if (!wantsPage || STATIC_FILE.test(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!fs.existsSync(indexPath)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app has not been built yet. Run `npm start` (it builds it) or `npm run build`.',
        );
    }
    const html = fs.readFileSync(indexPath, 'utf8');
    const tags = typeof headTags === 'string' ? headTags : headTags(request);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(tags ? html.replace('</head>', `${tags}</head>`) : html);
  };
}
