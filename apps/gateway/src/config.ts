import { join } from 'node:path';
import {
  boolean,
  type EnvValues,
  integer,
  oneOf,
  optional,
  parseEnv,
  port,
  string,
  writableDir,
} from '@app/kit';

/** Every variable of the gateway's run contract (docs/configuration.md). */
export const gatewayEnv = {
  GATEWAY_PORT: port(8080),
  HOST: string('127.0.0.1'),
  DATA_DIR: writableDir('./data'),
  TESTNET_TOKEN: optional(),
  MAINNET_TOKEN: optional(),
  UPSTREAM_PROFILE: oneOf(['sim', 'public'], 'sim'),
  AUDIT_LOG_FILE: optional(),
  AUDIT_LOG_BACKUP_DAYS: integer(30, { min: 1, max: 3650 }),
  READY_FAILS_ON_DEGRADED: boolean(false),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
};

export type GatewayEnv = EnvValues<typeof gatewayEnv>;
export type GatewayConfig = Omit<GatewayEnv, 'AUDIT_LOG_FILE'> & { AUDIT_LOG_FILE: string };

export function loadConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  const parsed = parseEnv(gatewayEnv, env);
  return Object.freeze({
    ...parsed,
    AUDIT_LOG_FILE: parsed.AUDIT_LOG_FILE ?? join(parsed.DATA_DIR, 'audit.log'),
  });
}
