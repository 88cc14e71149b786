import { join } from 'node:path';
import type { GatewayConfig } from '../../config.js';
import { keyStoreKind } from '../open-idempotency-keys.js';
import { connectRedis } from '../redis-connection.js';
import { PostgresRiskStore } from './postgres-risk-store.js';
import { RedisRiskStore } from './redis-risk-store.js';
import type { RiskStore } from './risk-store.js';
import { SqliteRiskStore } from './sqlite-risk-store.js';

/**
 * The risk store beside the idempotency keys (the same IDEMPOTENCY_STORE choice): what decides whether a write
 * may be sent is shared by exactly the instances that share its key.
 */
export async function openRiskStore(config: GatewayConfig, redisPrefix = 'gateway:'): Promise<RiskStore> {
  const kind = keyStoreKind(config);
  if (kind === 'postgres') return PostgresRiskStore.open(config.DATABASE_URL as string);
  if (kind === 'redis')
    return new RedisRiskStore(await connectRedis(config.REDIS_URL as string), redisPrefix);
  return new SqliteRiskStore(join(config.DATA_DIR, 'risk.sqlite'));
}
