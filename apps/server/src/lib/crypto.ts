import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random secret of 256 bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens and codes are stored only as their SHA-256, so a leaked table reveals no session. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** argon2id with the OWASP minimum: 19 MiB, 2 iterations, parallelism 1. */
const ARGON2 = { algorithm: 2 /* Algorithm.Argon2id, a const enum */, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export const verifyPassword = async (hashed: string, password: string): Promise<boolean> => {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
};

/** Verified against when no user matches, so a wrong e-mail takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};
