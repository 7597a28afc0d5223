/**
 * The studio's own text frames: their headers at each length's encoding, and a real `ws`
 * client reading them, sent straight to the upgraded socket, as the messages they carry.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame } from './studio-frames';

describe('a text frame', () => {
  it('says its length in 7, 16 or 64 bits, final, text and unmasked', () => {
    expect([...textFrame(Buffer.from('hi'))]).toEqual([0x81, 2, 0x68, 0x69]);
    expect([...textFrame(Buffer.alloc(125)).subarray(0, 2)]).toEqual([0x81, 125]);
    const medium = textFrame(Buffer.alloc(300, 0x61));
    expect([...medium.subarray(0, 4)]).toEqual([0x81, 126, 0x01, 0x2c]);
    expect(medium.length).toBe(304);
    const large = textFrame(Buffer.alloc(70_000, 0x61));
    expect([...large.subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 0x01, 0x11, 0x70]);
    expect(large.length).toBe(70_010);
    expect(textFrame(Buffer.alloc(0))).toEqual(Buffer.from([0x81, 0]));
  });

  describe('read by a ws client', () => {
    const server = http.createServer();
    const wss = new WebSocketServer({ noServer: true });
    const sockets: Duplex[] = [];
    let url = '';

    beforeAll(async () => {
      server.on('upgrade', (request, socket, head) => {
        wss.handleUpgrade(request, socket, head, () => sockets.push(socket));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => wss.close(resolve));
      await new Promise((resolve) => server.close(resolve));
    });

    it('gets each message whole, in order, from frames written together', async () => {
      const client = new WebSocket(url);
      const got: string[] = [];
      const texts = ['{"type":"bets"}', 'ä'.repeat(200), 'x'.repeat(70_000)];
      const all = new Promise<void>((resolve) => {
        client.on('message', (data, isBinary) => {
          expect(isBinary).toBe(false);
          got.push(data.toString());
          if (got.length === texts.length) resolve();
        });
      });
      await new Promise((resolve) => client.once('open', resolve));
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no upgraded socket');
      socket.write(Buffer.concat(texts.map((text) => textFrame(Buffer.from(text)))));
      await all;
      expect(got).toEqual(texts);
      client.close();
    });
  });
});
