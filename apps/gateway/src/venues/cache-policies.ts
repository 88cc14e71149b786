import type { CachePolicy } from '../upstream/upstream-cache.js';

/**
 * How long venue answers are shared, by what they carry. Listings and static metadata change a few times
 * a day: a minute fresh, and an hour-old copy is better than nothing while the venue fails. Live prices
 * are shared for two seconds (one call answers every poller in that time) and stand in for half a minute.
 */
export const LISTING_POLICY: CachePolicy = { ttlMs: 60_000, staleIfErrorMs: 3_600_000 };
export const LIVE_POLICY: CachePolicy = { ttlMs: 2_000, staleIfErrorMs: 30_000 };
