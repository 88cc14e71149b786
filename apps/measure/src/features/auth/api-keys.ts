import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; the prefix makes leaked keys easy to recognise in logs and scanners. */
export const newApiKey = (): string => `mk_${randomBytes(32).toString('base64url')}`;

/**
 * Keys are high-entropy, so a plain SHA-256 is enough to make a stolen table useless
 * and lets the look-up go through a unique index instead of a slow KDF per request.
 */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');
