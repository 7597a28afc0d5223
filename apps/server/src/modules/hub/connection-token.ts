import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Negotiate's connection token (TransportProtocols.md, negotiate version 1) is signed rather
 * than stored: it names the connection id, the player (or none for a guest), the domain and an
 * expiry, so the WebSocket request may reach any instance behind a load balancer without
 * sticky sessions, and negotiate keeps no state a flood of requests could grow.
 */
export interface ConnectionClaims {
  connectionId: string;
  playerId: string | null;
  domain: string;
  expiresAtMs: number;
}

/** Signs and checks connection tokens with a key derived from the server's token key. */
export function connectionTokens(tokenKey: Buffer) {
  const key = createHmac('sha256', tokenKey).update('backlay hub connection token v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    issue(claims: Omit<ConnectionClaims, 'connectionId'>): ConnectionClaims & { token: string } {
      const full = { connectionId: randomUUID(), ...claims };
      const payload = Buffer.from(
        JSON.stringify([full.connectionId, full.playerId, full.domain, full.expiresAtMs]),
      ).toString('base64url');
      return { ...full, token: `${payload}.${mac(payload).toString('base64url')}` };
    },

    /** The claims of a token this server signed and that has not expired, else null. */
    verify(token: string, nowMs: number): ConnectionClaims | null {
      const dot = token.indexOf('.');
      if (dot < 1 || token.length > 1024) return null;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let fields: unknown;
      try {
        fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(fields) || fields.length !== 4) return null;
      const [connectionId, playerId, domain, expiresAtMs] = fields as unknown[];
      if (
        typeof connectionId !== 'string' ||
        (playerId !== null && typeof playerId !== 'string') ||
        typeof domain !== 'string' ||
        typeof expiresAtMs !== 'number' ||
        expiresAtMs <= nowMs
      ) {
        return null;
      }
      return { connectionId, playerId, domain, expiresAtMs };
    },
  };
}

export type ConnectionTokens = ReturnType<typeof connectionTokens>;
