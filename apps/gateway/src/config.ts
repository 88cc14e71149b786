import { join } from 'node:path';
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
  writableDir,
} from '@app/kit';
import type { UpstreamSpec } from './upstream/upstream-spec.js';
import { upstreamEnv } from './upstream/upstream-variables.js';

/** The price collar of a venue whose variable is unset (and of namespaces built without a config, in tests). */
export const DEFAULT_PRICE_COLLAR_PCT = 5;

/** A positive decimal such as a leverage multiple (`2.5`). */
function positiveDecimal(defaultValue: number): EnvField<number> {
  return {
    defaultText: String(defaultValue),
    parse(raw) {
      if (raw === undefined || raw.trim() === '') return defaultValue;
      const text = raw.trim();
      const value = Number(text);
      if (!/^\d+(\.\d+)?$/.test(text) || !(value > 0))
        throw new Error(`expected a positive number, got "${text}"`);
      return value;
    },
  };
}

/** A comma-separated list of browser origins (`https://agent.example`), each a scheme, host and optional port. */
function originList(): EnvField<readonly string[]> {
  return {
    defaultText: '',
    parse(raw) {
      const origins = (raw ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      for (const origin of origins) {
        if (!/^https?:\/\/[^/\s]+$/.test(origin))
          throw new Error(`expected origins like https://host[:port], got "${origin}"`);
      }
      return Object.freeze(origins);
    },
  };
}

/**
 * The gateway's own variables of the run contract (docs/configuration.md). Each upstream adds its base-URL
 * overrides and credential files (upstream-variables.ts).
 */
export const gatewayEnv = {
  GATEWAY_PORT: port(8080),
  HOST: string('127.0.0.1'),
  DATA_DIR: writableDir('./data'),
  TESTNET_TOKEN: optional(),
  MAINNET_TOKEN: optional(),
  UPSTREAM_PROFILE: oneOf(['sim', 'public'], 'sim'),
  SIM_SEED: integer(42, { min: 0, max: 2 ** 32 - 1 }),
  // Sim profile only: false switches off the simulators' rate limits and the budgets towards them (load tests).
  SIM_RATE_LIMITS: boolean(true),
  AUDIT_LOG_FILE: optional(),
  AUDIT_LOG_BACKUP_DAYS: integer(30, { min: 1, max: 3650 }),
  READY_FAILS_ON_DEGRADED: boolean(false),
  // Prometheus metrics at GET /metrics; METRICS_TOKEN, when set, is the bearer a scrape must present.
  METRICS_ENABLED: boolean(true),
  METRICS_TOKEN: optional(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  // Leverage caps: a write that would take the account above this multiple of its equity is refused.
  OPTX_MAX_LEVERAGE: positiveDecimal(5),
  PERPDEX_MAX_LEVERAGE: positiveDecimal(5),
  BROKER_MAX_LEVERAGE: positiveDecimal(2),
  // Price collars, percent: a limit further than this from the mark on the side where it would execute is
  // refused before it is sent (trading/risk/fill-valuation.ts); a far limit on the passive side only rests.
  OPTX_PRICE_COLLAR_PCT: positiveDecimal(DEFAULT_PRICE_COLLAR_PCT),
  PERPDEX_PRICE_COLLAR_PCT: positiveDecimal(DEFAULT_PRICE_COLLAR_PCT),
  BROKER_PRICE_COLLAR_PCT: positiveDecimal(DEFAULT_PRICE_COLLAR_PCT),
  // Pre-trade limits per environment and bot tag, halts and dry runs (JSON or YAML; docs/configuration.md, "Risk").
  RISK_LIMITS_FILE: optional(),
  // The cap's view of each account: never older than EXPOSURE_MAX_AGE_MS, refreshed in the background after
  // EXPOSURE_REFRESH_MS (docs/decisions.md, "The exposure view").
  EXPOSURE_MAX_AGE_MS: integer(2_000, { min: 0, max: 60_000 }),
  EXPOSURE_REFRESH_MS: integer(1_000, { min: 0, max: 60_000 }),
  // Upstream HTTP layer.
  UPSTREAM_TIMEOUT_MS: integer(10_000, { min: 100, max: 120_000 }),
  UPSTREAM_CONNECT_TIMEOUT_MS: integer(3_000, { min: 100, max: 60_000 }),
  UPSTREAM_MAX_ATTEMPTS: integer(3, { min: 1, max: 10 }),
  UPSTREAM_RETRY_BASE_MS: integer(100, { min: 1, max: 10_000 }),
  UPSTREAM_RETRY_CAP_MS: integer(2_000, { min: 1, max: 60_000 }),
  UPSTREAM_RETRY_AFTER_CAP_MS: integer(5_000, { min: 0, max: 120_000 }),
  UPSTREAM_MAX_RESPONSE_MB: integer(32, { min: 1, max: 1024 }),
  UPSTREAM_BREAKER_FAILURES: integer(5, { min: 1, max: 1000 }),
  UPSTREAM_BREAKER_OPEN_MS: integer(15_000, { min: 100, max: 600_000 }),
  UPSTREAM_CONNECTIONS: integer(16, { min: 1, max: 1024 }),
  UPSTREAM_BUDGET_WAIT_MS: integer(2_000, { min: 0, max: 60_000 }),
  UPSTREAM_RATE_LIMIT_BACKOFF_MS: integer(1_000, { min: 0, max: 600_000 }),
  UPSTREAM_CACHE_ENTRIES: integer(1_000, { min: 10, max: 1_000_000 }),
  // One deadline per tool call; a caller may ask for less with X-Deadline-Ms.
  TOOL_DEADLINE_MS: integer(10_000, { min: 100, max: 600_000 }),
  // Browser origins allowed on the MCP endpoints besides loopback pages (DNS-rebinding protection).
  MCP_ALLOWED_ORIGINS: originList(),
  // tools/call and tools/list answered without the SDK's per-request server (same answers); false: the SDK alone.
  MCP_FAST_PATH: boolean(true),
  // Budgets and caches shared by every instance when set (and idempotency keys, unless DATABASE_URL is set).
  REDIS_URL: optional(),
  // PostgreSQL: idempotency keys shared by every instance, durable.
  DATABASE_URL: optional(),
  // Where Idempotency-Keys live; `auto`: PostgreSQL with DATABASE_URL, else Redis with REDIS_URL, else SQLite.
  IDEMPOTENCY_STORE: oneOf(['auto', 'sqlite', 'redis', 'postgres'], 'auto'),
  IDEMPOTENCY_TTL_HOURS: integer(24, { min: 1, max: 168 }),
  // After a lost answer: how long after the send a venue is given to show the order before a lookup that finds
  // none lets a repeat under the same key send it again (docs/decisions.md, "A write the venue never got").
  WRITE_LOOKUP_WINDOW_MS: integer(5_000, { min: 100, max: 600_000 }),
  READY_PROBE_TIMEOUT_MS: integer(2_000, { min: 100, max: 30_000 }),
  READY_CACHE_MS: integer(1_000, { min: 0, max: 60_000 }),
  // History (get_historical, get_indicators): memory bounds.
  CANDLE_CACHE_MB: integer(64, { min: 0, max: 65_536 }),
  HISTORY_BARS_IN_FLIGHT: integer(4_500_000, { min: 1, max: 1_000_000_000 }),
  HISTORY_ADMISSION_WAIT_MS: integer(2_000, { min: 0, max: 60_000 }),
  HISTORY_PAGES_PER_VENUE: integer(2, { min: 1, max: 64 }),
  // Sentiment news: which known feeds (providers/news-feeds/feeds.ts) each tool reads, comma-separated ids.
  CRYPTO_NEWS_FEEDS: string('coindesk,cointelegraph,decrypt,theblock,bitcoinmagazine'),
  WORLD_NEWS_FEEDS: string('bbc,guardian,npr'),
  // get_social_sentiment: also read CoinGecko's community votes (free, tightly rate-limited).
  SOCIAL_FREE_FALLBACK: oneOf(['none', 'coingecko'], 'none'),
};

export type GatewayEnv = EnvValues<typeof gatewayEnv>;
export type GatewayConfig = Omit<GatewayEnv, 'AUDIT_LOG_FILE'> & {
  AUDIT_LOG_FILE: string;
  /** The upstreams' own variables (URL overrides, credential files) by name; unset ones are absent. */
  upstreamVariables: Readonly<Record<string, string | undefined>>;
};

/** Parses the run contract once; `specs` are the upstreams whose variables it also reads. */
export function loadConfig(env: NodeJS.ProcessEnv, specs: readonly UpstreamSpec[]): GatewayConfig {
  const parsed = parseEnv(gatewayEnv, env);
  return Object.freeze({
    ...parsed,
    AUDIT_LOG_FILE: parsed.AUDIT_LOG_FILE ?? join(parsed.DATA_DIR, 'audit.log'),
    upstreamVariables: Object.freeze(parseEnv(upstreamEnv(specs), env)),
  });
}

/** The leverage cap of a trading venue, or undefined for a namespace that does not trade. */
export function maxLeverageFor(config: GatewayConfig, venue: string): number | undefined {
  const value = (config as unknown as Record<string, unknown>)[`${venue.toUpperCase()}_MAX_LEVERAGE`];
  return typeof value === 'number' ? value : undefined;
}

/** The venues that trade: each has a leverage cap and a price collar. */
export type TradingVenue = 'optx' | 'perpdex' | 'broker';

/** Each trading venue's price collar in percent (<VENUE>_PRICE_COLLAR_PCT). */
export const priceCollars = (
  config: Pick<
    GatewayConfig,
    'OPTX_PRICE_COLLAR_PCT' | 'PERPDEX_PRICE_COLLAR_PCT' | 'BROKER_PRICE_COLLAR_PCT'
  >,
): Readonly<Record<TradingVenue, number>> => ({
  optx: config.OPTX_PRICE_COLLAR_PCT,
  perpdex: config.PERPDEX_PRICE_COLLAR_PCT,
  broker: config.BROKER_PRICE_COLLAR_PCT,
});
