/**
 * The SignalR JSON hub protocol (dotnet/aspnetcore `src/SignalR/docs/specs/HubProtocol.md`):
 * records are JSON objects each ended by the record separator 0x1E; the first record a client
 * sends is the handshake request, answered by `{}` or `{"error": …}`. Pure functions only.
 */

export const RECORD_SEPARATOR = '\u001e';

/** Message types of the hub protocol. */
export const MESSAGE_TYPE = {
  invocation: 1,
  streamItem: 2,
  completion: 3,
  streamInvocation: 4,
  cancelInvocation: 5,
  ping: 6,
  close: 7,
  ack: 8,
  sequence: 9,
} as const;

/** Longer invocation ids are a protocol error (the spec lets a callee set a limit). */
export const MAX_INVOCATION_ID_LENGTH = 64;
const MAX_TARGET_LENGTH = 128;

/** A message a client sends, as far as the server acts on it. */
export type ClientMessage =
  | { kind: 'invocation'; invocationId: string | null; target: string; arguments: unknown[] }
  | { kind: 'streamInvocation'; invocationId: string; target: string }
  | { kind: 'uploadStream'; invocationId: string | null; target: string }
  | { kind: 'ping' }
  | { kind: 'close'; error: string | null }
  /** Cancel, ack, sequence and types a later protocol adds: nothing to do. */
  | { kind: 'ignored' };

/** A message that breaks the protocol; the connection is closed with this text. */
export class ProtocolError extends Error {}

/** Splits received text into complete records and the unfinished rest. */
export function splitRecords(text: string): { records: string[]; rest: string } {
  const parts = text.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

function parseObject(record: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new ProtocolError('A message is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProtocolError('A message is not a JSON object.');
  }
  return value as Record<string, unknown>;
}

/** The handshake's answer: null when the client's protocol is accepted, else the error text. */
export function checkHandshake(record: string): string | null {
  let request: Record<string, unknown>;
  try {
    request = parseObject(record);
  } catch {
    return 'The handshake request is not valid JSON.';
  }
  const { protocol, version } = request;
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    return 'The handshake request needs a protocol name and a version.';
  }
  if (protocol !== 'json') return `Requested protocol '${protocol}' is not available.`;
  if (version !== 1)
    return `The server does not support version ${version} of the 'json' protocol.`;
  return null;
}

function invocationIdOf(message: Record<string, unknown>, required: boolean): string | null {
  const id = message.invocationId;
  if (id === undefined || id === null) {
    if (required) throw new ProtocolError('The message has no invocation id.');
    return null;
  }
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_INVOCATION_ID_LENGTH) {
    throw new ProtocolError(
      `Invocation ids are strings of 1 to ${MAX_INVOCATION_ID_LENGTH} characters.`,
    );
  }
  return id;
}

function targetOf(message: Record<string, unknown>): string {
  const target = message.target;
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_TARGET_LENGTH) {
    throw new ProtocolError('The invocation has no valid target.');
  }
  return target;
}

/** Decodes one record after the handshake; throws ProtocolError for a malformed one. */
export function parseClientMessage(record: string): ClientMessage {
  const message = parseObject(record);
  switch (message.type) {
    case MESSAGE_TYPE.invocation:
    case MESSAGE_TYPE.streamInvocation: {
      const streaming = message.type === MESSAGE_TYPE.streamInvocation;
      const invocationId = invocationIdOf(message, streaming);
      const target = targetOf(message);
      const args = message.arguments ?? [];
      if (!Array.isArray(args)) throw new ProtocolError('Invocation arguments must be an array.');
      const streamIds = message.streamIds;
      if (streamIds !== undefined && streamIds !== null && !Array.isArray(streamIds)) {
        throw new ProtocolError('streamIds must be an array.');
      }
      if (streaming) return { kind: 'streamInvocation', invocationId: invocationId ?? '', target };
      if (Array.isArray(streamIds) && streamIds.length > 0) {
        return { kind: 'uploadStream', invocationId, target };
      }
      return { kind: 'invocation', invocationId, target, arguments: args };
    }
    case MESSAGE_TYPE.streamItem:
    case MESSAGE_TYPE.completion:
      // The server never invokes a client method that answers, nor accepts upload streams.
      throw new ProtocolError('The server expected no stream item or completion.');
    case MESSAGE_TYPE.cancelInvocation:
      invocationIdOf(message, true);
      return { kind: 'ignored' };
    case MESSAGE_TYPE.ping:
      return { kind: 'ping' };
    case MESSAGE_TYPE.close:
      return { kind: 'close', error: typeof message.error === 'string' ? message.error : null };
    default:
      if (typeof message.type !== 'number') throw new ProtocolError('The message has no type.');
      return { kind: 'ignored' };
  }
}

/** Ready-to-send records of the server's messages. */
export const frames = {
  handshakeOk: `{}${RECORD_SEPARATOR}`,
  handshakeError: (error: string) => `${JSON.stringify({ error })}${RECORD_SEPARATOR}`,
  ping: `{"type":${MESSAGE_TYPE.ping}}${RECORD_SEPARATOR}`,
  close(error: string | null, allowReconnect: boolean): string {
    return `${JSON.stringify({
      type: MESSAGE_TYPE.close,
      ...(error ? { error } : {}),
      ...(allowReconnect ? { allowReconnect: true } : {}),
    })}${RECORD_SEPARATOR}`;
  },
  completion(invocationId: string, outcome: { result?: unknown } | { error: string }): string {
    const body: Record<string, unknown> = { type: MESSAGE_TYPE.completion, invocationId };
    if ('error' in outcome) body.error = outcome.error;
    else if (outcome.result !== undefined) body.result = outcome.result;
    return `${JSON.stringify(body)}${RECORD_SEPARATOR}`;
  },
  invocation(target: string, args: unknown[]): string {
    return `${JSON.stringify({ type: MESSAGE_TYPE.invocation, target, arguments: args })}${RECORD_SEPARATOR}`;
  },
};
