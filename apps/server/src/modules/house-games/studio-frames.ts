/**
 * A message for many connections framed once: the WebSocket frame a server sends (RFC 6455
 * §5.2: final, text, unmasked) built around the encoded message, so each connection's write is
 * one buffer to its socket instead of `ws` framing the same message again for every one.
 */

/** The frame of a text message: FIN and opcode 1, its length in 7, 16 or 64 bits, no mask. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerBytes = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerBytes + length);
  frame[0] = 0x81;
  if (headerBytes === 2) {
    frame[1] = length;
  } else if (headerBytes === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerBytes);
  return frame;
}
