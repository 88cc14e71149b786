import { join } from 'node:path';
import type { Logger } from '@app/kit';
import type { GatewayConfig } from '../config.js';
import { IdempotencyKeys, type KeyBackend } from './idempotency-store.js';
import { PostgresKeyBackend } from './postgres-key-backend.js';
import { redisKeyBackend } from './redis-key-backend.js';
import { SqliteKeyBackend } from './sqlite-key-backend.js';

export type KeyStoreKind = 'sqlite' | 'redis' | 'postgres';

/** Expired keys are deleted this often (and once at start); Redis expires its own. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** Beyond the longest a write call runs (its deadline, the lookup's reserve, audit writes): then a repeat may take over. */
const LEASE_MARGIN_MS = 5_000;

/** Which store the configuration asks for (docs/decisions.md, "Where idempotency keys live"). */
export function keyStoreKind(config: GatewayConfig): KeyStoreKind {
  const chosen = config.IDEMPOTENCY_STORE;
  if (chosen === 'postgres' && !config.DATABASE_URL)
    throw new Error('IDEMPOTENCY_STORE: postgres needs DATABASE_URL');
  if (chosen === 'redis' && !config.REDIS_URL) throw new Error('IDEMPOTENCY_STORE: redis needs REDIS_URL');
  if (chosen !== 'auto') return chosen;
  return config.DATABASE_URL ? 'postgres' : config.REDIS_URL ? 'redis' : 'sqlite';
}

export interface OpenedKeys {
  keys: IdempotencyKeys;
  kind: KeyStoreKind;
  close(): Promise<void>;
}

/** Opens the configured key store and starts its sweeper. */
export async function openIdempotencyKeys(options: {
  config: GatewayConfig;
  now: () => number;
  logger: Logger;
  /** Redis key prefix (tests give each run its own). */
  redisPrefix?: string;
}): Promise<OpenedKeys> {
  const { config, now, logger } = options;
  const kind = keyStoreKind(config);
  const backend: KeyBackend =
    kind === 'postgres'
      ? await PostgresKeyBackend.open(config.DATABASE_URL as string)
      : kind === 'redis'
        ? await redisKeyBackend(config.REDIS_URL as string, options.redisPrefix ?? 'gateway:')
        : new SqliteKeyBackend(join(config.DATA_DIR, 'idempotency.sqlite'));
  const sweep = () =>
    backend
      .sweep(now())
      .catch((error: unknown) => logger.warn({ err: error }, 'idempotency key sweep failed'));
  await sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  const keys = new IdempotencyKeys(
    backend,
    {
      // A holder's call ends by its deadline; the lookup after a lost answer gets up to another one.
      leaseMs: 2 * config.TOOL_DEADLINE_MS + LEASE_MARGIN_MS,
      ttlMs: config.IDEMPOTENCY_TTL_HOURS * 3_600_000,
      lookupWindowMs: config.WRITE_LOOKUP_WINDOW_MS,
    },
    now,
  );
  return {
    keys,
    kind,
    close: async () => {
      clearInterval(timer);
      await backend.close();
    },
  };
}
