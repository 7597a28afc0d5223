import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at one of the OWASP Password Storage settings of equal strength (12 MiB, 3 passes;
 * the list's 19 MiB × 2 passes costs a third more time here for the same defence). A hash
 * carries its own parameters, so hashes made with other settings still verify.
 */
export const ARGON2_OPTIONS = { memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Checks a password against its hash; a malformed hash is a mismatch, never an error. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash of nothing anybody knows, so an unknown user costs as much time as a known one. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}
