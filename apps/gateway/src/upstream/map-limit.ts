/**
 * Maps `items` through `fn` with at most `limit` calls in flight, keeping the
 * input order in the result. The first rejection rejects the whole call and
 * no further items are started; calls already in flight finish on their own.
 * For fan-out across venues and for paging through wide history ranges.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** Like mapLimit, but every item runs and each result says whether it failed (partial-failure fan-out). */
export function mapLimitSettled<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<Settled<R>[]> {
  return mapLimit(items, limit, (item, index) =>
    fn(item, index).then(
      (value): Settled<R> => ({ ok: true, value }),
      (error: unknown): Settled<R> => ({ ok: false, error }),
    ),
  );
}
