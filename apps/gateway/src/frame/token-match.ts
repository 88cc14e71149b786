/**
 * Whether two texts are equal, in time that depends only on the presented
 * text's length (which its sender knows): every code unit is compared, with
 * no early exit, against the secret read cyclically, and the length
 * difference is folded into the same result. Neither how close the guess
 * came nor the secret's length shows in the timing.
 */
function sameText(presented: string, secret: string): boolean {
  let difference = presented.length ^ secret.length;
  for (let i = 0; i < presented.length; i++) {
    difference |= presented.charCodeAt(i) ^ secret.charCodeAt(i % secret.length);
  }
  return difference === 0;
}

/**
 * Constant-time matching of a presented token against the configured ones:
 * every candidate is compared (no early exit on a match), each with
 * sameText, so the timing does not tell which one was close. A plain loop
 * rather than hashing both sides for crypto.timingSafeEqual: a SHA-256 per
 * request cost several microseconds, a large part of a cached tool call.
 */
export function tokenMatcher<K extends string>(
  tokens: Record<K, string | undefined>,
): (token: string) => K | undefined {
  const candidates = (Object.entries(tokens) as [K, string | undefined][]).filter(
    (entry): entry is [K, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  return (token) => {
    let match: K | undefined;
    for (const [name, secret] of candidates) {
      if (sameText(token, secret) && match === undefined) match = name;
    }
    return match;
  };
}
