/**
 * The studio's HTTP side, under `/games/` on Backlay's origin (so the lobby frames it without
 * another origin in the Content-Security-Policy):
 *
 * - `/games/<provider>/?token=…&game=…`: where the casino's launch sends a player. A game the
 *   studio has goes on to its page with the same query; a game it does not have yet goes to the
 *   built-in test provider when that runs (it stands in for the provider), else a page saying so.
 * - `/games/<provider>/sbe_aviator/`: the crash game's built bundle (`<distDir>/crash/`), served
 *   as it is: `index.html` at the path, every other file by its name below it; 503 with a
 *   sentence while it is not built.
 * - `/games/<provider>/sbe_aviator/rounds`: the chain in play and the last rounds with their
 *   revealed hashes (public), for the verify page.
 * - `/games/<provider>/sbe_aviator/ws`: the game's WebSocket (an upgrade; see `crash-sockets.ts`).
 * - The card games (`mac_teen_patti`, `dream_andar_bahar`, `mac_dragon_tiger`,
 *   `king_lucky_seven`) the same way: their bundles from `<distDir>/<folder>/` (`teen-patti`,
 *   `andar-bahar`, `dragon-tiger`, `lucky-seven`), `…/rounds` with their last rounds' revealed
 *   seeds, `…/ws` (see `cards/card-sockets.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CRASH_GAME_CODE,
  CRASH_HISTORY_LENGTH,
  HOUSE_GAMES_PREFIX,
  type CrashRoundsAnswer,
} from '@backlay/contract/house-games';
import { CARD_GAME_CODES, CARD_GAMES } from '@backlay/contract/card-games';
import type { CardStudio } from './cards/card-studio';
import type { CrashTable } from './crash-table';

/** The folder under the studio's dist folder each game's bundle is built into. */
export const GAME_BUNDLES: Readonly<Record<string, string>> = {
  [CRASH_GAME_CODE]: 'crash',
  ...Object.fromEntries(CARD_GAME_CODES.map((code) => [code, CARD_GAMES[code].folder])),
};

/** Each game's name in the sentence of a bundle not built yet. */
const GAME_NAMES: Readonly<Record<string, string>> = {
  [CRASH_GAME_CODE]: 'The crash game',
  ...Object.fromEntries(CARD_GAME_CODES.map((code) => [code, CARD_GAMES[code].name])),
};

const PROVIDER_PATTERN = /^[a-z][a-z0-9-]{1,30}$/;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

function page(reply: FastifyReply, status: number, title: string, sentence: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
        `<body><p>${sentence}</p></body></html>`,
    );
}

/** The query string of a request's URL (with its `?`), or empty. */
function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
}

export interface StudioRoutesOptions {
  table: CrashTable;
  distDir: string;
  /** Whether the studio has a provider (Backlay gave it a secret for that code). */
  knows: (provider: string) => boolean;
  /** Where the test provider serves a provider's games, when it runs. */
  testProviderPrefix: string | null;
  /** Opens the table if it is not open yet (a page's socket or rounds list comes next). */
  start: () => Promise<unknown>;
  /** The card tables, when they are served. */
  cards?: Pick<CardStudio, 'rounds' | 'start'> | null;
}

export async function studioRoutes(app: FastifyInstance, options: StudioRoutesOptions) {
  const known = (provider: string) => PROVIDER_PATTERN.test(provider) && options.knows(provider);

  await app.register(
    async (games) => {
      games.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
        '/:provider/',
        async (request, reply) => {
          const { provider } = request.params;
          if (!known(provider)) return page(reply, 404, 'Not found', 'There is no such game.');
          const game = typeof request.query.game === 'string' ? request.query.game : '';
          const query = queryOf(request.url);
          if (GAME_BUNDLES[game] && (game === CRASH_GAME_CODE || options.cards)) {
            return reply.redirect(`${HOUSE_GAMES_PREFIX}/${provider}/${game}/${query}`, 302);
          }
          if (options.testProviderPrefix) {
            return reply.redirect(`${options.testProviderPrefix}/${provider}/${query}`, 302);
          }
          return page(reply, 404, 'Not available', 'This game is not available here yet.');
        },
      );

      games.get<{ Params: { provider: string } }>(
        `/:provider/${CRASH_GAME_CODE}/rounds`,
        async (request, reply) => {
          if (!known(request.params.provider))
            return reply.code(404).send({ error: 'No such game.' });
          await options.start().catch(() => undefined);
          const fairness = options.table.fairness();
          if (!fairness) return reply.code(503).send({ error: 'The table is opening.' });
          const answer: CrashRoundsAnswer = {
            fairness,
            rounds: options.table.recentHistory().slice(0, CRASH_HISTORY_LENGTH),
          };
          return reply.header('cache-control', 'no-store').send(answer);
        },
      );

      const cards = options.cards;
      for (const code of cards ? CARD_GAME_CODES : []) {
        games.get<{ Params: { provider: string } }>(
          `/:provider/${code}/rounds`,
          async (request, reply) => {
            if (!cards || !known(request.params.provider)) {
              return reply.code(404).send({ error: 'No such game.' });
            }
            if ((await cards.start().catch(() => null)) === null) {
              return reply.code(503).send({ error: 'The table is opening.' });
            }
            return reply.header('cache-control', 'no-store').send(cards.rounds(code));
          },
        );
      }

      const gameCodes = [CRASH_GAME_CODE, ...(cards ? CARD_GAME_CODES : [])];
      for (const code of gameCodes) {
        games.get<{ Params: { provider: string } }>(
          `/:provider/${code}/ws`,
          async (_request, reply) =>
            reply
              .code(400)
              .type('text/plain; charset=utf-8')
              .send("This is the game's WebSocket: open it as one."),
        );
      }

      const serveBundle = async (
        gameCode: string,
        provider: string,
        file: string,
        url: string,
        reply: FastifyReply,
      ) => {
        if (!known(provider)) return page(reply, 404, 'Not found', 'There is no such game.');
        const bundle = path.join(options.distDir, GAME_BUNDLES[gameCode] ?? 'crash');
        if (file === '' && !url.split('?')[0]?.endsWith('/')) {
          // Relative asset URLs need the trailing slash.
          return reply.redirect(
            `${HOUSE_GAMES_PREFIX}/${provider}/${gameCode}/${queryOf(url)}`,
            301,
          );
        }
        if (!fs.existsSync(path.join(bundle, 'index.html'))) {
          return page(
            reply,
            503,
            'Game not built',
            `${GAME_NAMES[gameCode] ?? 'This game'} has not been built on this server yet (npm run build builds it).`,
          );
        }
        if (file === '') {
          const opening = gameCode === CRASH_GAME_CODE ? options.start() : options.cards?.start();
          void opening?.catch(() => undefined);
        }
        const target = path.resolve(bundle, file === '' ? 'index.html' : file);
        if (!target.startsWith(bundle + path.sep)) {
          return page(reply, 404, 'Not found', 'There is no such file.');
        }
        let body: Buffer;
        try {
          body = await fs.promises.readFile(target);
        } catch {
          return page(reply, 404, 'Not found', 'There is no such file.');
        }
        const extension = path.extname(target).toLowerCase();
        const hashed = file.startsWith('assets/');
        return reply
          .header(
            'cache-control',
            extension === '.html'
              ? 'no-cache'
              : hashed
                ? 'public, max-age=31536000, immutable'
                : 'public, max-age=300',
          )
          .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
          .send(body);
      };

      for (const code of gameCodes) {
        games.get<{ Params: { provider: string } }>(`/:provider/${code}/`, (request, reply) =>
          serveBundle(code, request.params.provider, '', request.url, reply),
        );
        games.get<{ Params: { provider: string; '*': string } }>(
          `/:provider/${code}/*`,
          (request, reply) =>
            serveBundle(code, request.params.provider, request.params['*'], request.url, reply),
        );
      }
    },
    { prefix: HOUSE_GAMES_PREFIX },
  );
}
