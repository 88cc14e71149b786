/**
 * What a failed call means, in the user's language. The API answers `{"detail": "body.password: must NOT
 * have fewer than 8 characters"}` (GUIDE: 422 names the field); the client reads field and rule from that
 * detail and words them itself, so a German user reads "Passwort: mindestens 8 Zeichen". A detail the
 * client does not recognise is shown as the server wrote it rather than hidden behind a generic text.
 */

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FailureFacts {
  /** HTTP status; 0 when no answer came back. */
  status: number;
  detail: string;
  /** Seconds from Retry-After (429). */
  retryAfter?: number | undefined;
}

export type ValidationRule =
  | 'required'
  | 'minLength'
  | 'maxLength'
  | 'minimum'
  | 'maximum'
  | 'minItems'
  | 'maxItems'
  | 'uniqueItems'
  | 'type'
  | 'oneOf'
  | 'pattern'
  | 'format'
  | 'unknownField'
  | 'limitOrder';

export interface ValidationProblem {
  /** The field as the form names it: the last named part of `body.subtasks.0.nominal` → `nominal`; null for the whole body. */
  field: string | null;
  rule: ValidationRule;
  /** The number in the rule (8 in "fewer than 8 characters"), when it has one. */
  limit?: number;
}

const PART = /^(body|querystring|params|headers)((?:\.[\w-]+)*): (.+)$/;

/** Ajv's English messages (and the server's own limit-order one), each to a rule and its number. */
const RULES: [RegExp, ValidationRule][] = [
  [/^must have required property/, 'required'],
  [/^must NOT have fewer than (\d+) characters/, 'minLength'],
  [/^must NOT have more than (\d+) characters/, 'maxLength'],
  [/^must NOT have fewer than (\d+) items/, 'minItems'],
  [/^must NOT have more than (\d+) items/, 'maxItems'],
  [/^must NOT have duplicate items/, 'uniqueItems'],
  [/^must NOT have additional properties/, 'unknownField'],
  [/^must be >=? (-?[\d.e+]+)/, 'minimum'],
  [/^must be <=? (-?[\d.e+]+)/, 'maximum'],
  [/^must be (?:equal to (?:one of the allowed values|constant)|a schema in anyOf)/, 'oneOf'],
  [/^must match a schema in (?:anyOf|oneOf)/, 'oneOf'],
  [/^must be (?:string|number|integer|boolean|array|object|null)/, 'type'],
  [/^must be a positive integer/, 'type'],
  [/^must match pattern/, 'pattern'],
  [/^must (?:match format|be an ISO 8601 date)/, 'format'],
  [/^Limits must satisfy/, 'limitOrder'],
];

/** Field and rule of a 422 detail, or null when the detail is not a schema message the client knows. */
export function parseValidationDetail(detail: string): ValidationProblem | null {
  const match = PART.exec(detail);
  if (!match) return null;
  const [, , path = '', message = ''] = match;
  const names = path.split('.').filter((name) => name !== '' && !/^\d+$/.test(name));
  const field = names.at(-1) ?? null;
  for (const [pattern, rule] of RULES) {
    const found = pattern.exec(message);
    if (found) return found[1] === undefined ? { field, rule } : { field, rule, limit: Number(found[1]) };
  }
  return null;
}

/** A field's label in the user's language; a field without one keeps its API name. */
export function fieldLabel(field: string, t: Translate): string {
  const key = `fieldNames.${field}`;
  const label = t(key);
  return label === key ? field : label;
}

/** The sentence to show for a failed call. */
export function errorMessage(failure: FailureFacts, t: Translate): string {
  if (failure.status === 0) return t('app.network');
  if (failure.status === 429) {
    const login = /login/i.test(failure.detail);
    return t(login ? 'messages.tooManyLogins' : 'messages.tooManyRequests', {
      seconds: failure.retryAfter ?? 60,
    });
  }
  if (failure.status === 422) {
    const problem = parseValidationDetail(failure.detail);
    if (problem) {
      const text = t(`messages.rules.${problem.rule}`, { limit: problem.limit });
      if (problem.field === null) return text;
      return t('messages.fieldProblem', { field: fieldLabel(problem.field, t), problem: text });
    }
  }
  if (failure.status === 401 && /invalid username or password/i.test(failure.detail))
    return t('messages.badCredentials');
  return failure.detail;
}
