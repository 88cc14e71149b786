import { AppError } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { clientRequestIdOf } from '../frame/client-request-id.js';
import { deadlineOf } from '../frame/deadline-header.js';
import type { CallerInfo } from './call-context.js';

/**
 * Who calls, as every transport hands it to `invoke`: the authenticated, tagged caller, the gateway's
 * request id, the caller's X-Request-Id and X-Deadline-Ms, and a write's Idempotency-Key (each transport
 * reads the key its own way).
 */
export function callerInfoOf(request: FastifyRequest, idempotencyKey: string | undefined): CallerInfo {
  const caller = request.gatewayCaller;
  if (!caller?.botTag) throw new AppError(500, 'INTERNAL_ERROR', 'Tool call reached without a tagged caller');
  return {
    actor: caller.actor,
    environment: caller.environment,
    botTag: caller.botTag,
    requestId: request.id,
    clientRequestId: clientRequestIdOf(request.headers),
    log: request.log,
    deadlineMs: deadlineOf(request.headers['x-deadline-ms']),
    idempotencyKey,
  };
}
