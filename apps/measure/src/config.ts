import {
  boolean,
  type EnvField,
  type EnvValues,
  integer,
  oneOf,
  optional,
  parseEnv,
  port,
  string,
  url,
  writableDir,
} from '@app/kit';

/**
 * Every key the service writes to Redis starts with this, so deployments (or test runs) sharing one
 * Redis keep their budgets apart; every instance of one deployment must use the same.
 */
const redisKeyPrefix: EnvField<string> = {
  defaultText: 'measure:',
  parse(raw) {
    const value = raw?.trim() || 'measure:';
    if (!/^[A-Za-z0-9:._-]{1,64}$/.test(value)) throw new Error('expected 1-64 of A-Z a-z 0-9 : . _ -');
    return value;
  },
};

/** Every variable of the measurement service's run contract (docs/configuration.md). */
export const measureEnv = {
  MEASURE_PORT: port(8000),
  HOST: string('127.0.0.1'),
  DATA_DIR: writableDir('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']),
  REDIS_URL: url(['redis', 'rediss']),
  REDIS_KEY_PREFIX: redisKeyPrefix,
  ADMIN_USERNAME: string('admin'),
  ADMIN_PASSWORD: optional(),
  RATE_LIMIT_GENERAL: integer(300, { min: 1 }),
  MAX_UPLOAD_SIZE_MB: integer(50, { min: 1, max: 1024 }),
  TRUST_PROXY: boolean(false),
  // Prometheus metrics at GET /api/metrics; METRICS_TOKEN, when set, is the bearer a scrape must present.
  METRICS_ENABLED: boolean(true),
  METRICS_TOKEN: optional(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
};

export type MeasureConfig = EnvValues<typeof measureEnv>;

export const loadConfig = (env: NodeJS.ProcessEnv): MeasureConfig => parseEnv(measureEnv, env);
