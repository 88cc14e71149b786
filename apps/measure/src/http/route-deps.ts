import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Guards } from '../auth/guard-types.js';
import type { Database, Dialect } from '../db/database.js';
import type { DB } from '../db/schema.types.js';
import type { MeasureMetrics } from '../metrics/measure-metrics.js';

/** What every feature's route module receives from buildApp. */
export interface RouteDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  guards: Guards;
  /** For the few features that need more than Kysely (the streamed export's cursor). */
  database: Database;
  /** The service's series; absent with METRICS_ENABLED=false. */
  metrics?: MeasureMetrics;
}

/**
 * Guards run at onRequest (before body validation), so a caller without a key
 * gets 401 whatever it sent. The contract types them as preHandler hooks; the
 * signatures are the same.
 */
export const early = (guard: Guards['authenticated']): onRequestAsyncHookHandler =>
  guard as unknown as onRequestAsyncHookHandler;
