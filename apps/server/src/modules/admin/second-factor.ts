/**
 * The operators' second factor: TOTP codes (RFC 6238: SHA-1, six digits, 30-second steps, as
 * every authenticator app reads them) through the otpauth library, and one-time recovery codes.
 * The TOTP secret is kept sealed (AES-256-GCM under a key derived from the server's token key),
 * so a copy of the table alone signs nobody in; recovery codes are kept as hashes.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

export const TOTP_ISSUER = 'Backlay';
const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now is accepted: phones' clocks drift, and typing takes time. */
const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
const SEAL_VERSION = 'v1';

function totpFor(label: string, secretBase32: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random TOTP secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI of a secret and its QR code as an SVG data URL. */
export function totpEnrolment(label: string, secretBase32: string) {
  const otpauthUri = totpFor(label, secretBase32).toString();
  const svg = renderSVG(otpauthUri, { border: 2 });
  return {
    otpauthUri,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * The time step a code belongs to when it is good at `at` (within one step either way), or
 * null. The caller accepts it only when the step is later than the last one used, so a code
 * seen over a shoulder, or sent twice, signs in once.
 */
export function totpStepOf(secretBase32: string, code: string, at: Date): number | null {
  const delta = totpFor('check', secretBase32).validate({
    token: code,
    timestamp: at.getTime(),
    window: TOTP_WINDOW_STEPS,
  });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code an authenticator shows at `at` (tests and the create-owner command's checks). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpFor('code', secretBase32).generate({ timestamp: at.getTime() });
}

function sealKey(tokenKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', tokenKey, Buffer.alloc(0), 'backlay operator totp', 32));
}

/** Seals a TOTP secret for storage. */
export function sealSecret(tokenKey: Buffer, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(tokenKey), iv);
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [SEAL_VERSION, iv, Buffer.concat([sealed, cipher.getAuthTag()])]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens a sealed TOTP secret; throws when it was sealed under another key or changed. */
export function openSecret(tokenKey: Buffer, sealed: string): string {
  const [version, ivText, bodyText] = sealed.split('.');
  if (version !== SEAL_VERSION || !ivText || !bodyText) throw new Error('not a sealed secret');
  const body = Buffer.from(bodyText, 'base64url');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    sealKey(tokenKey),
    Buffer.from(ivText, 'base64url'),
  );
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([
    decipher.update(body.subarray(0, body.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** New recovery codes, `xxxx-xxxx-xxxx` from an alphabet without look-alikes (about 59 bits). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 12 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    );
    return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
  });
}

/** A recovery code's stored hash: salted by its operator, spelled as typed or not. */
export function recoveryCodeHash(operatorId: string, code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(`${operatorId}:${normal}`).digest('base64url');
}

/** Whether a second factor as typed is a TOTP code (six digits) rather than a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}
