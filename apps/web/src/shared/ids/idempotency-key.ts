/**
 * A new idempotency key: 32 random hex digits. `getRandomValues` is used rather than
 * `randomUUID`, which browsers offer only on secure (https) pages.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
