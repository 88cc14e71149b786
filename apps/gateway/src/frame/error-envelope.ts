import type { AppError } from '@app/kit';

/**
 * The GUIDE's error envelope (ErrorEnvelopeSchema) of an error answered under `requestId`: rendered by the
 * app's error handler and by the answers written straight on the socket for requests Node's parser refused.
 */
export function errorEnvelope(error: AppError, requestId: string) {
  return {
    error: {
      code: error.code,
      message: error.message,
      retryable: error.retryable,
      request_id: requestId,
      ...(error.details ? { details: error.details } : {}),
    },
  };
}
