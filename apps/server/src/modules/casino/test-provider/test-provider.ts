/**
 * The built-in test provider: a tiny casino provider for tests and for trying the casino on a
 * fresh install, kept apart from the casino module as an outside provider would be. It knows
 * only the callback API's contract, its base address and each provider's signing secret (handed
 * to it as an outside provider is given one), and stands in for any provider code at
 * `/games/test/<code>/`.
 *
 * Its game page is server-rendered HTML with one stylesheet from this origin and no script, so
 * it works in the lobby's frame under the site's Content-Security-Policy: the player bets ₹10,
 * then wins ₹20, loses, or has the bet given back. Each button posts back to the provider's
 * server, which calls Backlay's wallet callbacks server to server, signed, and answers with a
 * redirect to the page (reloading never plays twice).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CASINO_SIGNATURE_HEADER,
  casinoWalletAnswerSchema,
  casinoWalletPath,
  LAUNCH_PARAMS,
  type CasinoWalletAction,
  type CasinoWalletAnswer,
} from '@backlay/contract/casino-wallet';

/** Where the test provider's pages are: `/games/test/<provider code>/`. */
export const TEST_PROVIDER_PREFIX = '/games/test';

/** The stake of the page's one bet, and what a win pays, in paise. */
export const TEST_STAKE_MINOR = 1_000;
export const TEST_WIN_MINOR = 2_000;

/** How the test provider's server reaches Backlay (the app itself, in-process). */
export type ProviderFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface TestProviderOptions {
  /** Backlay's origin as the provider's server calls it. */
  walletOrigin: string;
  fetch: ProviderFetch;
  /** The signing secret Backlay gave a provider; undefined: no such provider. */
  secretOf: (code: string) => string | undefined;
}

const STYLESHEET = `
:root { color-scheme: dark; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: #14111f; color: #f4f1ff;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  display: flex; justify-content: center; padding: 16px; }
main { width: 100%; max-width: 420px; }
header { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; }
h1 { font-size: 20px; margin: 0; }
.badge { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #c4b5fd; }
.balance { font-size: 28px; font-weight: 700; margin: 12px 0; }
.note { background: #272040; border-radius: 8px; padding: 10px 12px; margin: 0 0 12px; }
.error { background: #4c1d24; }
form { display: grid; gap: 8px; margin: 0 0 12px; }
button, input { font: inherit; border-radius: 8px; padding: 12px; min-height: 48px; }
input { background: #272040; color: inherit; border: 1px solid #4b3f72; }
button { font-weight: 700; border: 0; cursor: pointer; background: #7c3aed; color: #fff; }
button.quiet { background: #272040; }
a { color: #c4b5fd; }
`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const rupees = (minor: number) =>
  `₹${(minor / 100).toLocaleString('en-IN', { minimumFractionDigits: minor % 100 ? 2 : 0 })}`;
const newId = (prefix: string) => `${prefix}-${randomBytes(9).toString('hex')}`;

/** What the page carries from one step to the next. */
interface PlayState {
  token: string;
  game: string;
  lang: string;
  returnUrl: string;
  /** The open round and its debit, after a bet. */
  round: string;
  debit: string;
}

/** Each piece of the state, by the name it travels under (the launch URL's, and its own). */
const WIRE_NAMES: Record<keyof PlayState, string> = {
  token: LAUNCH_PARAMS.token,
  game: LAUNCH_PARAMS.gameCode,
  lang: LAUNCH_PARAMS.language,
  returnUrl: LAUNCH_PARAMS.returnUrl,
  round: 'round',
  debit: 'debit',
};
const FIELD_PATTERN = /^[A-Za-z0-9._:/?&=%+-]{0,300}$/;

function stateOf(input: Record<string, unknown>): PlayState {
  const field = (name: keyof PlayState) => {
    const value = input[WIRE_NAMES[name]];
    return typeof value === 'string' && FIELD_PATTERN.test(value) ? value : '';
  };
  return {
    token: field('token'),
    game: field('game'),
    lang: field('lang') || 'en',
    returnUrl: field('returnUrl'),
    round: field('round'),
    debit: field('debit'),
  };
}

function pageUrl(provider: string, state: PlayState, note: string | null): string {
  const params = new URLSearchParams();
  for (const [name, wire] of Object.entries(WIRE_NAMES) as [keyof PlayState, string][]) {
    if (state[name]) params.set(wire, state[name]);
  }
  if (note) params.set('note', note);
  return `${TEST_PROVIDER_PREFIX}/${provider}/?${params.toString()}`;
}

function hidden(state: PlayState): string {
  return (Object.entries(WIRE_NAMES) as [keyof PlayState, string][])
    .map(
      ([name, wire]) => `<input type="hidden" name="${wire}" value="${escapeHtml(state[name])}">`,
    )
    .join('');
}

/** A back link only to a page of this site or an http(s) address. */
function safeReturn(url: string): string | null {
  if (/^\/(?![/\\])/.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function renderGamePage(
  provider: string,
  state: PlayState,
  balance: CasinoWalletAnswer | null,
  note: string | null,
): string {
  const action = `${TEST_PROVIDER_PREFIX}/${provider}/play`;
  const button = (name: string, label: string, quiet = false) =>
    `<button type="submit" name="action" value="${name}"${quiet ? ' class="quiet"' : ''}>${label}</button>`;
  const balanceLine =
    balance?.status === 'OK'
      ? `<p class="balance" data-balance-minor="${balance.balanceMinor}">Balance ${rupees(balance.balanceMinor)}</p>`
      : `<p class="note error" role="alert">${escapeHtml(balance?.status === 'ERROR' ? balance.message : 'The wallet did not answer.')}</p>`;
  const gameField = state.game
    ? ''
    : `<input name="${LAUNCH_PARAMS.gameCode}" placeholder="Game code" aria-label="Game code" required>`;
  const controls = state.round
    ? `<p>You bet ${rupees(TEST_STAKE_MINOR)} in round <code>${escapeHtml(state.round)}</code>.</p>
<form method="post" action="${action}">${hidden(state)}
${button('win', `Win ${rupees(TEST_WIN_MINOR)}`)}${button('lose', 'Lose')}${button('cancel', 'Cancel the round', true)}
</form>`
    : `<form method="post" action="${action}">${hidden(state)}${gameField}
${button('bet', `Bet ${rupees(TEST_STAKE_MINOR)}`)}
</form>`;
  const back = safeReturn(state.returnUrl);
  return `<!doctype html>
<html lang="${state.lang === 'hi' ? 'hi' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test game · ${escapeHtml(provider)}</title>
<link rel="stylesheet" href="${TEST_PROVIDER_PREFIX}/assets/test-provider.css">
</head>
<body>
<main>
<header><h1>${escapeHtml(state.game || 'Lobby')}</h1><span class="badge">Test provider · ${escapeHtml(provider)}</span></header>
${balanceLine}
${note ? `<p class="note" role="status">${escapeHtml(note)}</p>` : ''}
${controls}
${back ? `<p><a href="${escapeHtml(back)}" target="_top">Back</a></p>` : ''}
</main>
</body>
</html>`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The test provider's server: signs and sends callbacks as any provider would. */
export function testProviderClient(options: TestProviderOptions) {
  return async function callback(
    provider: string,
    action: CasinoWalletAction,
    body: Record<string, unknown>,
  ): Promise<CasinoWalletAnswer | null> {
    const secret = options.secretOf(provider);
    if (!secret) return null;
    const text = JSON.stringify(body);
    const res = await options.fetch(
      `${options.walletOrigin}${casinoWalletPath(provider, action)}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CASINO_SIGNATURE_HEADER]: createHmac('sha256', secret).update(text).digest('hex'),
        },
        body: text,
      },
    );
    const parsed = casinoWalletAnswerSchema.safeParse(await res.json().catch(() => null));
    return parsed.success ? parsed.data : null;
  };
}

/** What a step's answer says to the player. */
function noteOf(answer: CasinoWalletAnswer | null, done: string): string {
  if (!answer) return 'The wallet did not answer. Try again.';
  return answer.status === 'OK' ? done : `${answer.code}: ${answer.message}`;
}

/** Registers `/games/test/...` in a context of its own (a form parser and its own 404). */
export async function testProviderRoutes(app: FastifyInstance, options: TestProviderOptions) {
  const callback = testProviderClient(options);
  await app.register(
    async (pages) => {
      pages.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 4_096 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      pages.setNotFoundHandler((_request, reply) =>
        sendPage(
          reply,
          404,
          '<!doctype html><title>Not found</title><p>There is no such game.</p>',
        ),
      );
      pages.get('/assets/test-provider.css', async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .type('text/css; charset=utf-8')
          .send(STYLESHEET),
      );

      pages.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
        '/:provider/',
        async (request, reply) => {
          const { provider } = request.params;
          if (!options.secretOf(provider)) return reply.callNotFound();
          const state = stateOf(request.query);
          const note =
            typeof request.query.note === 'string' ? request.query.note.slice(0, 200) : null;
          const balance = state.token
            ? await callback(provider, 'balance', {
                token: state.token,
                ...(state.game ? { gameCode: state.game } : {}),
              })
            : null;
          return sendPage(reply, 200, renderGamePage(provider, state, balance, note));
        },
      );

      pages.post<{ Params: { provider: string }; Body: Record<string, unknown> }>(
        '/:provider/play',
        async (request, reply) => {
          const { provider } = request.params;
          if (!options.secretOf(provider)) return reply.callNotFound();
          const form = request.body ?? {};
          const state = stateOf(form);
          const base = { token: state.token, gameCode: state.game, currency: 'INR' };
          let next: PlayState = { ...state };
          let note: string;
          switch (form.action) {
            case 'bet': {
              const round = newId('round');
              const debit = newId('bet');
              const answer = await callback(provider, 'debit', {
                ...base,
                transactionId: debit,
                roundId: round,
                amountMinor: TEST_STAKE_MINOR,
              });
              if (answer?.status === 'OK') next = { ...state, round, debit };
              note = noteOf(answer, `Bet ${rupees(TEST_STAKE_MINOR)} placed.`);
              break;
            }
            case 'win':
            case 'lose': {
              const won = form.action === 'win';
              const answer = await callback(provider, 'credit', {
                ...base,
                transactionId: newId('win'),
                roundId: state.round,
                amountMinor: won ? TEST_WIN_MINOR : 0,
                roundClosed: true,
              });
              next = { ...state, round: '', debit: '' };
              note = noteOf(
                answer,
                won ? `You won ${rupees(TEST_WIN_MINOR)}!` : 'No win this time.',
              );
              break;
            }
            case 'cancel': {
              const answer = await callback(provider, 'rollback', {
                token: state.token,
                transactionId: newId('cancel'),
                roundId: state.round,
                referenceTransactionId: state.debit,
              });
              next = { ...state, round: '', debit: '' };
              note = noteOf(answer, 'The round was cancelled and the bet given back.');
              break;
            }
            default:
              note = 'Choose what to do.';
          }
          return reply
            .code(303)
            .header('location', pageUrl(provider, next, note))
            .send();
        },
      );
    },
    { prefix: TEST_PROVIDER_PREFIX },
  );
}
