export {
  type App,
  type CreateAppOptions,
  createApp,
  type ErrorRenderer,
  type OpenApiOptions,
} from './app.js';
export {
  boolean,
  ConfigError,
  type EnvField,
  type EnvSpec,
  type EnvValues,
  integer,
  oneOf,
  optional,
  parseEnv,
  port,
  string,
  url,
  writableDir,
} from './config.js';
export { toAppError } from './error-mapping.js';
export {
  AppError,
  type AppErrorOptions,
  badRequest,
  conflict,
  forbidden,
  isAppError,
  notFound,
  unauthorized,
  unprocessable,
} from './errors.js';
export { infoLineWriter, type LineFields } from './info-lines.js';
export {
  createLogger,
  type Logger,
  type LoggerSettings,
  REDACTED_PATHS,
} from './logger.js';
export {
  type MetricsEndpointOptions,
  metricsRegistry,
  type Registry,
  RequestMetrics,
  registerMetrics,
  UNMATCHED_ROUTE,
} from './metrics.js';
export { newRequestId, requestIdFor } from './request-id.js';
export { timingSafeEqualText } from './secrets.js';
export { runMain, type ServeOptions, serve } from './server.js';
export { bodyValidator, schemaCheck } from './validation.js';
