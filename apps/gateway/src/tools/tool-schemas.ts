import { type TObject, type TProperties, type TSchema, Type, TypeGuard } from '@sinclair/typebox';

/** The GUIDE's error envelope: every error the gateway answers has this shape. */
export const ErrorEnvelopeSchema = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable UPPER_SNAKE code', examples: ['UPSTREAM_TIMEOUT'] }),
      message: Type.String(),
      retryable: Type.Boolean({ description: 'True when the same request may succeed later' }),
      request_id: Type.String({ description: 'Also in X-Request-Id, the request log and the audit trail' }),
      details: Type.Optional(Type.Object({}, { additionalProperties: true })),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Error envelope' },
);

/** Where a route's error responses point: the shared component (added to the app once, in app.ts). */
export const ErrorEnvelopeRef = Type.Ref(ErrorEnvelopeSchema);

/** Fields the frame adds to every `/tools/*` answer. */
export function frameFields(testnetFlag: boolean, simulated: boolean, write = false): TProperties {
  return {
    data_timestamp: Type.String({
      format: 'date-time',
      description:
        'When the data was obtained upstream (ISO 8601 UTC); older than now when served from cache',
    }),
    stale: Type.Optional(
      Type.Literal(true, {
        description:
          'Present when the upstream failed and a cached answer stands in; data_timestamp tells its age',
      }),
    ),
    ...(write
      ? {
          reconciled: Type.Optional(
            Type.Literal(true, {
              description:
                'Present when the venue’s answer to the write was lost and this answer comes from looking the order up by its client order id',
            }),
          ),
          resent: Type.Optional(
            Type.Literal(true, {
              description:
                'Present on a repeat under an Idempotency-Key whose first send got no answer (504 WRITE_OUTCOME_UNKNOWN) and which the venue still had no record of WRITE_LOOKUP_WINDOW_MS after that send: the write never arrived, this call sent it (once, under the same client order id), and this is its answer',
            }),
          ),
        }
      : {}),
    ...(testnetFlag
      ? { testnet: Type.Boolean({ description: 'True when the call went to the upstream test environment' }) }
      : {}),
    ...(simulated
      ? {
          simulated: Type.Literal(true, { description: 'Present in the sim profile: the data is simulated' }),
        }
      : {}),
  };
}

/** data_timestamp of an example that does not give its own. */
const EXAMPLE_DATA_TIMESTAMP = '2026-11-20T12:34:56.789Z';

/**
 * A tool's output example as the route answers it, with the fields the frame adds to every answer (testnet
 * false: a call to the live environment), so the example matches the response schema. An example that gives
 * its own data_timestamp or testnet keeps them.
 */
export function frameExample(example: unknown, testnetFlag: boolean, simulated: boolean): unknown {
  if (typeof example !== 'object' || example === null || Array.isArray(example)) return example;
  const framed: Record<string, unknown> = { ...(example as Record<string, unknown>) };
  if (typeof framed.data_timestamp !== 'string') framed.data_timestamp = EXAMPLE_DATA_TIMESTAMP;
  if (testnetFlag && typeof framed.testnet !== 'boolean') framed.testnet = false;
  if (simulated) framed.simulated = true;
  return framed;
}

/** The `examples` option of a response schema, completed with the frame's fields; absent when there are none. */
function framedExamples(examples: unknown, testnetFlag: boolean, simulated: boolean) {
  if (!Array.isArray(examples)) return {};
  return { examples: examples.map((example) => frameExample(example, testnetFlag, simulated)) };
}

/**
 * A tool's output schema plus the frame's fields (serialisation and OpenAPI).
 * An output that is a union of objects (e.g. get_historical's single and
 * consensus shapes) gets the fields on every member. Examples get them too.
 */
export function toolResponseSchema(
  output: TSchema,
  testnetFlag: boolean,
  simulated: boolean,
  write = false,
): TSchema {
  if (TypeGuard.IsUnion(output)) {
    const { anyOf, $id: _id, examples, ...options } = output;
    return Type.Union(
      anyOf.map((member) => toolResponseSchema(member, testnetFlag, simulated, write)),
      { ...options, ...framedExamples(examples, testnetFlag, simulated) },
    );
  }
  // The tool's own options (description, additionalProperties) carry over; its $id would clash, so it does not.
  const { properties, required: _required, $id: _id, examples, ...options } = output as TObject;
  return Type.Object(
    { ...properties, ...frameFields(testnetFlag, simulated, write) },
    { ...options, ...framedExamples(examples, testnetFlag, simulated) },
  );
}
