import { describe, expect, it } from 'vitest';
import {
  checkHandshake,
  frames,
  MAX_INVOCATION_ID_LENGTH,
  parseClientMessage,
  ProtocolError,
  RECORD_SEPARATOR,
  splitRecords,
} from './hub-protocol';

const json = (value: unknown) => JSON.stringify(value);

describe('hub protocol records', () => {
  it('splits text on the record separator and keeps an unfinished rest', () => {
    expect(splitRecords(`{"a":1}${RECORD_SEPARATOR}{"b":2}${RECORD_SEPARATOR}{"c"`)).toEqual({
      records: ['{"a":1}', '{"b":2}'],
      rest: '{"c"',
    });
    expect(splitRecords('')).toEqual({ records: [], rest: '' });
    expect(splitRecords(`{}${RECORD_SEPARATOR}`)).toEqual({ records: ['{}'], rest: '' });
  });

  it('accepts only the JSON protocol, version 1', () => {
    expect(checkHandshake(json({ protocol: 'json', version: 1 }))).toBeNull();
    expect(checkHandshake(json({ protocol: 'messagepack', version: 1 }))).toBe(
      "Requested protocol 'messagepack' is not available.",
    );
    expect(checkHandshake(json({ protocol: 'json', version: 2 }))).toBe(
      "The server does not support version 2 of the 'json' protocol.",
    );
    expect(checkHandshake(json({ protocol: 'json' }))).toBe(
      'The handshake request needs a protocol name and a version.',
    );
    expect(checkHandshake('{')).toBe('The handshake request is not valid JSON.');
    expect(checkHandshake('[]')).toBe('The handshake request is not valid JSON.');
  });
});

describe('parsing client messages', () => {
  it('reads invocations with and without an id, ignoring headers', () => {
    expect(
      parseClientMessage(
        json({ type: 1, invocationId: '7', target: 'Add', arguments: [1, 2], headers: { a: 'b' } }),
      ),
    ).toEqual({ kind: 'invocation', invocationId: '7', target: 'Add', arguments: [1, 2] });
    expect(parseClientMessage(json({ type: 1, target: 'Send' }))).toEqual({
      kind: 'invocation',
      invocationId: null,
      target: 'Send',
      arguments: [],
    });
  });

  it('tells streaming invocations and upload streams apart', () => {
    expect(
      parseClientMessage(json({ type: 4, invocationId: '1', target: 'S', arguments: [] })),
    ).toEqual({ kind: 'streamInvocation', invocationId: '1', target: 'S' });
    expect(
      parseClientMessage(
        json({ type: 1, invocationId: '2', target: 'U', arguments: [], streamIds: ['s'] }),
      ),
    ).toEqual({ kind: 'uploadStream', invocationId: '2', target: 'U' });
    expect(
      parseClientMessage(json({ type: 1, invocationId: '3', target: 'U', streamIds: [] })),
    ).toMatchObject({ kind: 'invocation' });
  });

  it('reads pings, closes and what needs nothing', () => {
    expect(parseClientMessage(json({ type: 6 }))).toEqual({ kind: 'ping' });
    expect(parseClientMessage(json({ type: 7, error: 'bye' }))).toEqual({
      kind: 'close',
      error: 'bye',
    });
    expect(parseClientMessage(json({ type: 7 }))).toEqual({ kind: 'close', error: null });
    for (const message of [
      { type: 5, invocationId: '1' },
      { type: 8, sequenceId: 3 },
      { type: 9, sequenceId: 3 },
      { type: 42 },
    ]) {
      expect(parseClientMessage(json(message))).toEqual({ kind: 'ignored' });
    }
  });

  it('refuses what breaks the protocol', () => {
    for (const [record, error] of [
      ['nope', 'A message is not valid JSON.'],
      ['[1]', 'A message is not a JSON object.'],
      [json({ target: 'X' }), 'The message has no type.'],
      [json({ type: 1, arguments: [] }), 'The invocation has no valid target.'],
      [json({ type: 1, target: 'X', arguments: 'a' }), 'Invocation arguments must be an array.'],
      [json({ type: 1, target: 'X', streamIds: 'a' }), 'streamIds must be an array.'],
      [json({ type: 4, target: 'X', arguments: [] }), 'The message has no invocation id.'],
      [json({ type: 5 }), 'The message has no invocation id.'],
      [
        json({ type: 3, invocationId: '1', result: 2 }),
        'The server expected no stream item or completion.',
      ],
      [
        json({ type: 2, invocationId: '1', item: 2 }),
        'The server expected no stream item or completion.',
      ],
      [
        json({ type: 1, invocationId: 'x'.repeat(MAX_INVOCATION_ID_LENGTH + 1), target: 'X' }),
        `Invocation ids are strings of 1 to ${MAX_INVOCATION_ID_LENGTH} characters.`,
      ],
      [
        json({ type: 1, invocationId: 5, target: 'X' }),
        'Invocation ids are strings of 1 to 64 characters.',
      ],
    ] as const) {
      expect(() => parseClientMessage(record), record).toThrow(new ProtocolError(error));
    }
  });
});

describe('server records', () => {
  it('spells every message as the JSON protocol does, each ended by the separator', () => {
    const RS = RECORD_SEPARATOR;
    expect(frames.handshakeOk).toBe(`{}${RS}`);
    expect(frames.handshakeError('no')).toBe(`{"error":"no"}${RS}`);
    expect(frames.ping).toBe(`{"type":6}${RS}`);
    expect(frames.close(null, false)).toBe(`{"type":7}${RS}`);
    expect(frames.close('bad', true)).toBe(`{"type":7,"error":"bad","allowReconnect":true}${RS}`);
    expect(frames.completion('1', { result: { a: 1 } })).toBe(
      `{"type":3,"invocationId":"1","result":{"a":1}}${RS}`,
    );
    expect(frames.completion('1', { result: undefined })).toBe(
      `{"type":3,"invocationId":"1"}${RS}`,
    );
    expect(frames.completion('1', { result: null })).toBe(
      `{"type":3,"invocationId":"1","result":null}${RS}`,
    );
    expect(frames.completion('2', { error: 'no' })).toBe(
      `{"type":3,"invocationId":"2","error":"no"}${RS}`,
    );
    expect(frames.invocation('Message', [{ Code: 'X', Data: '{}' }])).toBe(
      `{"type":1,"target":"Message","arguments":[{"Code":"X","Data":"{}"}]}${RS}`,
    );
  });
});
