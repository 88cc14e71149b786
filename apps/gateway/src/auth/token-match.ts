import { hash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => hash('sha256', text, 'buffer');

/**
 * Constant-time matching of a presented token against the configured ones.
 * The configured tokens are hashed once at start; each request hashes the
 * presented token once and compares fixed-length digests with
 * timingSafeEqual against every candidate (no early exit), so neither the
 * token's length nor which candidate was close shows in the timing.
 */
export function tokenMatcher<K extends string>(
  tokens: Record<K, string | undefined>,
): (token: string) => K | undefined {
  const candidates = (Object.entries(tokens) as [K, string | undefined][])
    .filter((entry): entry is [K, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([name, token]) => ({ name, digest: digest(token) }));
  return (token) => {
    const presented = digest(token);
    let match: K | undefined;
    for (const candidate of candidates) {
      if (timingSafeEqual(presented, candidate.digest) && match === undefined) match = candidate.name;
    }
    return match;
  };
}
