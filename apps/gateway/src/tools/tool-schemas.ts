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
export function frameFields(testnetFlag: boolean, simulated: boolean): TProperties {
  return {
    data_timestamp: Type.String({
      format: 'date-time',
      description:
        'When the data was obtained upstream (ISO 8601 UTC); older than now when served from cache',
    }),
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

/**
 * A tool's output schema plus the frame's fields (serialisation and OpenAPI).
 * An output that is a union of objects (e.g. get_historical's single and
 * consensus shapes) gets the fields on every member.
 */
export function toolResponseSchema(output: TSchema, testnetFlag: boolean, simulated: boolean): TSchema {
  if (TypeGuard.IsUnion(output)) {
    const { anyOf, $id: _id, ...options } = output;
    return Type.Union(
      anyOf.map((member) => toolResponseSchema(member, testnetFlag, simulated)),
      options,
    );
  }
  // The tool's own options (description, additionalProperties) carry over; its $id would clash, so it does not.
  const { properties, required: _required, $id: _id, ...options } = output as TObject;
  return Type.Object({ ...properties, ...frameFields(testnetFlag, simulated) }, options);
}
