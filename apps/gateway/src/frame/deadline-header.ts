import { AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';

/** X-Deadline-Ms, as the tool routes document it; MCP endpoints read the same header. */
export const DeadlineHeader = Type.Object({
  'x-deadline-ms': Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'Milliseconds this caller will wait: the call answers by then (504 UPSTREAM_TIMEOUT at the latest). ' +
        'Above the configured TOOL_DEADLINE_MS (default 10 000) the configured one applies.',
    }),
  ),
});

/** X-Deadline-Ms as a number of milliseconds; 400 when it is not a positive integer. */
export function deadlineOf(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header[0] : header;
  if (!text || !/^\d{1,9}$/.test(text.trim()) || Number(text) < 1)
    throw new AppError(400, 'INVALID_DEADLINE', 'X-Deadline-Ms must be a positive integer of milliseconds');
  return Number(text);
}
