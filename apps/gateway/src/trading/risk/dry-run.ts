import { Type } from '@sinclair/typebox';
import { redactSecrets } from '../../audit/audit-record.js';
import type { DryRunCapture, OutgoingWrite } from '../../upstream/call-deadline.js';

/** A header that carries a credential or a signature: left out of a dry run's request. */
const SECRET_HEADER = /authorization|cookie|token|signature|secret|api-?key|passphrase/i;

/** The write a dry run stopped, its secrets removed (thrown by `captureWrite`, caught by the pipeline). */
export class DryRunStop extends Error {
  constructor(readonly request: ShownRequest) {
    super('dry run: the write was not sent');
  }
}

export interface ShownRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body parsed when it is JSON (a signature field redacted), else as sent. */
  body: unknown;
}

/** The capture a dry-run write's context carries: the signed request is shown, never sent. */
export const captureWrite: DryRunCapture = (request: OutgoingWrite) => {
  throw new DryRunStop(shown(request));
};

function shown(request: OutgoingWrite): ShownRequest {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !SECRET_HEADER.test(name)),
  );
  let body: unknown = request.body ?? null;
  if (typeof request.body === 'string') {
    try {
      body = redactSecrets(JSON.parse(request.body));
    } catch {
      // Not JSON (a form): shown as sent; no venue here signs inside a form body.
    }
  }
  const url = new URL(request.url);
  for (const name of [...url.searchParams.keys()])
    if (SECRET_HEADER.test(name)) url.searchParams.set(name, '[redacted]');
  return { method: request.method, url: url.toString(), headers, body };
}

/** The answer of a write made by a dry-run bot, beside the tool's own answer in its output schema. */
export const DryRunAnswerSchema = Type.Object(
  {
    dry_run: Type.Literal(true),
    client_order_id: Type.String({ description: 'The client order id the write would have carried' }),
    request: Type.Object(
      {
        method: Type.String(),
        url: Type.String(),
        headers: Type.Record(Type.String(), Type.String()),
        body: Type.Unknown(),
      },
      {
        description:
          'The venue request that would have been sent, signed, with credentials and signatures removed',
      },
    ),
  },
  {
    description:
      'A dry run (a bot or environment marked dry_run in RISK_LIMITS_FILE): validated, risk-checked and audited; nothing reached the venue',
  },
);
