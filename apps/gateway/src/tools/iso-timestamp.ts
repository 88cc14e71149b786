/**
 * ISO 8601 formatting that remembers its last answer. A cached tool answers
 * many calls with the same data timestamp, and formatting a Date is one of
 * the larger fixed costs of a call; one formatter per route keeps the memo
 * to the timestamps that route actually serves.
 */
export function memoizedIsoTimestamp(): (epochMs: number) => string {
  let lastMs = Number.NaN;
  let lastIso = '';
  return (epochMs) => {
    if (epochMs !== lastMs) {
      // toISOString throws on an invalid time before the memo is touched, as it did unmemoised.
      lastIso = new Date(epochMs).toISOString();
      lastMs = epochMs;
    }
    return lastIso;
  };
}
