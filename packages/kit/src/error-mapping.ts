import type { FastifyError } from 'fastify';
import { AppError } from './errors.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** `body.items.0.value` style name for the field a schema violation is about. */
function fieldName(issue: ValidationIssue, context: string | undefined): string {
  const path = (issue.instancePath ?? '').split('/').filter(Boolean);
  const missing = issue.params?.missingProperty;
  if (typeof missing === 'string') path.push(missing);
  const extra = issue.params?.additionalProperty;
  if (typeof extra === 'string') path.push(extra);
  return [context ?? 'body', ...path].join('.');
}

function fromValidation(error: FastifyError): AppError {
  return validationError(
    (error.validation ?? []) as ValidationIssue[],
    error.validationContext,
    error.message,
  );
}

/** 422 VALIDATION_ERROR naming the first field a schema violation is about, with every issue in details. */
export function validationError(
  issues: readonly ValidationIssue[],
  context: string | undefined,
  fallbackMessage = 'invalid value',
): AppError {
  const first = issues[0];
  const field = first ? fieldName(first, context) : (context ?? 'body');
  const reason = first?.message ?? fallbackMessage;
  return new AppError(422, 'VALIDATION_ERROR', `${field}: ${reason}`, {
    details: {
      field,
      errors: issues.map((i) => ({ field: fieldName(i, context), message: i.message })),
    },
  });
}

/** Fastify's own client-error codes and what each means to a caller. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Content-Length does not match the body',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: 'Malformed URL' },
};

/**
 * Turns anything a handler or the framework threw into an AppError. Unknown
 * errors become an opaque 500 so internals never reach the caller.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError> | undefined;
  if (fastifyError?.validation) return fromValidation(fastifyError as FastifyError);
  const known = fastifyError?.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (known) return new AppError(known.status, known.code, known.message, { cause: error });
  // JSON.parse errors raised by a custom parser, and other 4xx the framework flagged itself.
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(status, 'BAD_REQUEST', fastifyError?.message ?? 'Bad request', { cause: error });
  }
  return new AppError(500, 'INTERNAL_ERROR', 'Internal Server Error', { cause: error });
}
