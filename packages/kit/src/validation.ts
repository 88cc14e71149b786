import { Ajv, type Options } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { validationError } from './error-mapping.js';

// ajv-formats is CommonJS with a default export; under NodeNext its callable sits on .default.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

const shared: Options = { removeAdditional: true, useDefaults: true, allErrors: false, strict: false };

/**
 * JSON bodies are validated without type coercion, so `"12"` for a number is a
 * 422 rather than a silent guess. Query strings, params and headers are text
 * on the wire and are coerced (`?page=2` → 2, repeated keys → arrays).
 */
const bodyAjv = addFormats(new Ajv({ ...shared, coerceTypes: false }));
const textAjv = addFormats(new Ajv({ ...shared, coerceTypes: 'array' }));
// Keeps unknown query parameters, so a querystring schema with `additionalProperties: false` refuses them
// (422) instead of dropping them unseen: a misspelt filter must not quietly widen a query.
const strictQueryAjv = addFormats(new Ajv({ ...shared, removeAdditional: false, coerceTypes: 'array' }));

// Answers only "does this value fit?": no defaults, no coercion, no removal, so the value is never changed.
// addUsedSchema: false, so schemas with the same nested `$id` (shared records) can be compiled many times.
const checkAjv = addFormats(new Ajv({ strict: false, addUsedSchema: false }));

/** A predicate for `schema` that leaves the value it checks as it is (the request validators do not). */
export function schemaCheck(schema: object): (value: unknown) => boolean {
  return checkAjv.compile(schema);
}

/** The request validators; `rejectUnknownQuery`: query strings keep unknown parameters for the schema to refuse. */
export function validatorCompiler(rejectUnknownQuery: boolean): FastifySchemaCompiler<object> {
  const queryAjv = rejectUnknownQuery ? strictQueryAjv : textAjv;
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : httpPart === 'querystring' ? queryAjv : textAjv;
    return ajv.compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
  };
}

/**
 * A JSON body check outside a route, with the same options and the same 422 as a route's body schema:
 * defaults applied, unknown properties removed (both in place), no coercion. For transport-neutral callers
 * (the gateway's `invoke`) that validate once for every transport.
 */
export function bodyValidator(schema: object): (value: unknown) => void {
  const validate = bodyAjv.compile(schema);
  return (value) => {
    if (!validate(value)) throw validationError(validate.errors ?? [], 'body');
  };
}
