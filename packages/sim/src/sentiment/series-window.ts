/**
 * The aligned bucket starts a history endpoint answers: the `limit` newest at or before `endTime` (default
 * now), none before `startTime`, oldest first.
 */
export function bucketStarts(
  intervalMs: number,
  now: number,
  options: { limit: number; startTime?: number; endTime?: number },
): number[] {
  const end = Math.min(options.endTime ?? now, now);
  const last = Math.floor(end / intervalMs) * intervalMs;
  const first = options.startTime === undefined ? Number.NEGATIVE_INFINITY : options.startTime;
  const starts: number[] = [];
  for (let t = last; starts.length < options.limit && t >= first; t -= intervalMs) starts.push(t);
  return starts.reverse();
}

/** Interval names shared by the venues' history endpoints, in milliseconds. */
export const INTERVAL_MS: Record<string, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '4h': 14_400_000,
  '6h': 21_600_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
};

/** An optional integer query parameter; NaN when present but not an integer. */
export function intParam(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  return /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * `limit` (default `defaultLimit`, at most `maxLimit`), `startTime` and `endTime` of a history query;
 * `invalid` is the venue's refusal of an unreadable one.
 */
export function queryWindow(
  query: Record<string, string | undefined>,
  defaultLimit: number,
  maxLimit: number,
  invalid: () => Error,
) {
  const limit = intParam(query.limit) ?? defaultLimit;
  const startTime = intParam(query.startTime);
  const endTime = intParam(query.endTime);
  if (!(limit >= 1 && limit <= maxLimit) || Number.isNaN(startTime) || Number.isNaN(endTime)) throw invalid();
  return { limit, startTime, endTime };
}
