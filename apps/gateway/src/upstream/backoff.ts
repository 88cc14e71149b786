/**
 * Delay before retry number `attempt` (1 for the first retry): "full jitter",
 * a uniform draw in [0, min(cap, base · 2^(attempt-1))), so many clients that
 * failed together do not retry together.
 */
export function fullJitterDelay(
  attempt: number,
  baseMs: number,
  capMs: number,
  random = Math.random,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Retry-After in milliseconds from either form the header allows (delta
 * seconds or an HTTP date), or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Math.round(Number(text.trim()) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
