import { type EnvValues, integer, oneOf, parseEnv, port, string, url } from '@app/kit';

/** Every variable of the station server's run contract (docs/configuration.md). */
export const stationEnv = {
  STATION_PORT: port(8001),
  HOST: string('127.0.0.1'),
  STATION_CODE: string(''),
  MEASURE_API_URL: url(['http', 'https']),
  MEASURE_API_TIMEOUT_MS: integer(30_000, { min: 1_000, max: 600_000 }),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
};

export type StationConfig = EnvValues<typeof stationEnv> & { MEASURE_API_URL: string };

export function loadConfig(env: NodeJS.ProcessEnv): StationConfig {
  const parsed = parseEnv(stationEnv, env);
  return Object.freeze({
    ...parsed,
    STATION_CODE: parsed.STATION_CODE.trim(),
    MEASURE_API_URL: parsed.MEASURE_API_URL ?? 'http://127.0.0.1:8000',
  });
}
