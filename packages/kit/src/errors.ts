/**
 * The one error type both services throw. Handlers never pick a status by
 * matching message text: they throw an AppError and the app factory's error
 * handler maps it to HTTP in one place.
 */
export interface AppErrorOptions {
  /** True when repeating the same request later may succeed (timeouts, 429, 5xx upstream). */
  retryable?: boolean;
  details?: Record<string, unknown>;
  cause?: unknown;
  /** Extra response headers, e.g. Retry-After on 429. */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', details?: Record<string, unknown>) =>
  new AppError(400, code, message, { details });
export const unauthorized = (message: string, code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string, code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const unprocessable = (
  message: string,
  code = 'VALIDATION_ERROR',
  details?: Record<string, unknown>,
) => new AppError(422, code, message, { details });

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;
