import { z } from 'zod';

/**
 * What the lobby (`/lobby`) is asked to do, carried in the navigation's state: open a game
 * (launch it at its provider, then frame it), open the Dream provider's own lobby, or show
 * the game already launched. `from` is the casino page the player came from, where the way
 * back leads. A state that does not read as one of these is ignored.
 */
const gameSchema = z.object({
  gameCode: z.string().min(1).max(64),
  gameId: z.number().int().nonnegative(),
  provider: z.string().min(1).max(32),
  name: z.string().max(80),
});

const SAME_SITE_PATH = /^\/(?![/\\])[^\s]{0,199}$/;

export const lobbyStateSchema = z.object({
  // A plain union: zod's discriminated union would add its code to every first visit's
  // framework chunk, where zod lives.
  open: z.union([
    z.object({ kind: z.literal('game'), game: gameSchema }),
    z.object({ kind: z.literal('dream-lobby') }),
  ]),
  /** Whether the game has been launched and its URL stored; false while it is to be launched. */
  launched: z.boolean(),
  from: z.string().regex(SAME_SITE_PATH),
});
export type LobbyState = z.infer<typeof lobbyStateSchema>;
export type LobbyRequest = LobbyState['open'];

/** The lobby's state read from a navigation's state, or null. */
export function readLobbyState(state: unknown): LobbyState | null {
  const parsed = lobbyStateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/**
 * Where the frame may load a stored game URL from: an address of this site (kept as a path)
 * or an http(s) address elsewhere; the page's Content-Security-Policy then allows only the
 * providers' origins the server names. Anything else (a `javascript:` URL, a malformed one) is
 * never framed: null.
 */
export function frameSource(stored: string | null, pageOrigin: string): string | null {
  if (!stored?.trim()) return null;
  let url: URL;
  try {
    url = new URL(stored.trim(), pageOrigin);
  } catch {
    return null;
  }
  if (url.origin === pageOrigin) return `${url.pathname}${url.search}${url.hash}`;
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}
