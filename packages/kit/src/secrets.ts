import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets in constant time. Both sides are hashed first so the
 * comparison takes the same time whatever their lengths, and a length
 * mismatch reveals nothing either.
 */
export function timingSafeEqualText(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
