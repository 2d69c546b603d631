import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A secret for a link or a cookie: 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: a leaked table cannot be replayed. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let decoy: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without a hash (no such account, or a Google-only
 * one) it checks against a decoy, so the answer takes as long either way and timing tells
 * nobody which emails have accounts.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hash(randomToken());
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
