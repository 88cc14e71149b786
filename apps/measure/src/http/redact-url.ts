/** Query parameters whose value is a secret whatever it looks like (compared case-insensitively). */
const SECRET_NAME =
  /(^|[_.-])(api[_-]?key|key|token|access[_-]?token|password|passwd|secret|auth|authorization)$/i;
/** The service's own API keys (`mk_` + 43 base64url characters), wherever they appear. */
const SERVICE_KEY = /mk_[A-Za-z0-9_-]{16,}/;
const REDACTED = '[redacted]';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/**
 * A request URL fit for the access log: the value of every query parameter that could carry a
 * secret (`api_key`, `key`, `token`, `password`, …) and every path segment or value that holds one of
 * the service's keys (also percent-encoded) is replaced by `[redacted]`. The service never reads a
 * key from the URL, but a client that puts one there must not have it kept in the log.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const safePath = path
    .split('/')
    .map((segment) => (SERVICE_KEY.test(decoded(segment)) ? REDACTED : segment))
    .join('/');
  if (queryStart < 0) return safePath;
  const pairs = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      if (SECRET_NAME.test(decoded(name).trim())) return `${name}=${REDACTED}`;
      return SERVICE_KEY.test(decoded(pair)) ? `${name}=${REDACTED}` : pair;
    });
  return `${safePath}?${pairs.join('&')}`;
}
