import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { errorMessage, parseValidationDetail, type Translate } from './error-message';

const i18n = i18next.createInstance();
let english: Translate;
let german: Translate;

beforeAll(async () => {
  await i18n.init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng: 'en',
    interpolation: { escapeValue: false },
  });
  english = i18n.getFixedT('en') as Translate;
  german = i18n.getFixedT('de') as Translate;
});

describe('parseValidationDetail', () => {
  it('reads field and rule from the API’s 422 details (Ajv wording)', () => {
    expect(parseValidationDetail('body.password: must NOT have fewer than 8 characters')).toEqual({
      field: 'password',
      rule: 'minLength',
      limit: 8,
    });
    expect(parseValidationDetail("body.username: must have required property 'username'")).toEqual({
      field: 'username',
      rule: 'required',
    });
    expect(parseValidationDetail('body.subtasks.0.nominal: must be <= 1000000000000')).toEqual({
      field: 'nominal',
      rule: 'maximum',
      limit: 1e12,
    });
    expect(parseValidationDetail('querystring.per_page: must be >= 1')).toMatchObject({ rule: 'minimum' });
    expect(parseValidationDetail('body.roles.0: must be equal to constant')).toMatchObject({
      field: 'roles',
      rule: 'oneOf',
    });
    expect(parseValidationDetail('body.username: must match pattern "^[A-Za-z0-9._@-]+$"')).toMatchObject({
      rule: 'pattern',
    });
    expect(parseValidationDetail('body.foo: must NOT have additional properties')).toMatchObject({
      field: 'foo',
      rule: 'unknownField',
    });
  });

  it('knows the server’s own limit-order message and leaves other text alone', () => {
    expect(
      parseValidationDetail('body: Limits must satisfy ltl ≤ lwl ≤ nominal ≤ uwl ≤ utl (lwl > nominal)'),
    ).toEqual({ field: null, rule: 'limitOrder' });
    expect(parseValidationDetail('Recipe not found')).toBeNull();
    expect(parseValidationDetail('body.value: something new the client never heard of')).toBeNull();
  });
});

describe('errorMessage', () => {
  it('names the field and the rule in the user’s language', () => {
    const failure = { status: 422, detail: 'body.password: must NOT have fewer than 8 characters' };
    expect(errorMessage(failure, german)).toBe('Passwort: braucht mindestens 8 Zeichen');
    expect(errorMessage(failure, english)).toBe('Password: needs at least 8 characters');
  });

  it('keeps the API name of a field it has no label for', () => {
    const failure = { status: 422, detail: 'querystring.per_page: must be <= 500' };
    expect(errorMessage(failure, german)).toBe('per_page: darf höchstens 500 sein');
  });

  it('translates the rate limit with the wait the server asked for', () => {
    const general = { status: 429, detail: 'Too many requests; retry in 12 s', retryAfter: 12 };
    expect(errorMessage(general, german)).toBe('Zu viele Anfragen. Bitte 12 s warten und erneut versuchen.');
    const login = { status: 429, detail: 'Too many login attempts; retry in 40 s', retryAfter: 40 };
    expect(errorMessage(login, german)).toBe(
      'Zu viele Anmeldeversuche. Bitte 40 s warten und erneut versuchen.',
    );
  });

  it('translates a failed sign-in and no connection; shows other details as the server wrote them', () => {
    expect(errorMessage({ status: 401, detail: 'Invalid username or password' }, german)).toBe(
      'Benutzername oder Passwort ist falsch',
    );
    expect(errorMessage({ status: 0, detail: 'network' }, german)).toBe('Keine Verbindung zum Server');
    expect(errorMessage({ status: 409, detail: 'Username already exists' }, german)).toBe(
      'Username already exists',
    );
  });
});
