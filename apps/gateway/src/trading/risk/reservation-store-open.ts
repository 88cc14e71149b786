import type { Logger } from '@app/kit';
import type { GatewayConfig } from '../../config.js';
import { keyStoreKind } from '../open-idempotency-keys.js';
import { MemoryReservations, type ReservationStore } from './reservation-store.js';
import { PostgresReservationBackend } from './reservation-store-postgres.js';
import { redisReservationBackend } from './reservation-store-redis.js';
import { SharedReservations, type SharedTimings } from './reservation-store-shared.js';

export type ExposureStoreKind = ReservationStore['kind'];

/**
 * Where the Idempotency-Keys live (IDEMPOTENCY_STORE; `auto`: PostgreSQL, else Redis), SQLite's one instance
 * keeping them in memory: the instances that share a key share the account's headroom, and no others.
 */
export function exposureStoreKind(config: GatewayConfig): ExposureStoreKind {
  const kind = keyStoreKind(config);
  return kind === 'sqlite' ? 'memory' : kind;
}

/** Beyond the longest a write call runs past its deadline, and clock drift between instances and the store. */
const MARGIN_MS = 5_000;

/**
 * In flight: a call ends within two deadlines (send, then the lookup after a lost answer), so only a dead
 * instance's reservation outlives that. Settled: a snapshot is used at most EXPOSURE_MAX_AGE_MS after its read
 * started, or until the calls that waited for it end (within a deadline).
 */
export function sharedTimings(config: GatewayConfig): SharedTimings {
  return {
    inFlightMs: 2 * config.TOOL_DEADLINE_MS + MARGIN_MS,
    settledMs: Math.max(config.EXPOSURE_MAX_AGE_MS, config.TOOL_DEADLINE_MS) + MARGIN_MS,
  };
}

/** Opens the configured store; `prefix` starts its keys (Redis) or account names (PostgreSQL). */
export async function openReservationStore(options: {
  config: GatewayConfig;
  logger: Logger;
  prefix?: string;
}): Promise<ReservationStore> {
  const { config, logger } = options;
  const kind = exposureStoreKind(config);
  if (kind === 'memory') return new MemoryReservations();
  const prefix = options.prefix ?? 'gateway:';
  const timings = sharedTimings(config);
  const backend =
    kind === 'postgres'
      ? await PostgresReservationBackend.open(config.DATABASE_URL as string, prefix)
      : await redisReservationBackend(
          config.REDIS_URL as string,
          prefix,
          timings.inFlightMs + timings.settledMs,
        );
  return new SharedReservations(kind, backend, timings, (what, error) =>
    logger.warn({ err: error }, `exposure store: ${what} failed; the reservation counts until it expires`),
  );
}
