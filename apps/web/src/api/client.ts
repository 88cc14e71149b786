/**
 * The one way the client talks to the API: the stored key goes out as X-API-Key, failures come back as
 * ApiError carrying the server's `detail`, and a 401 tells the session to return to the login screen.
 */

const KEY_STORAGE = 'measure.apiKey';
const BASE = '/api';

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the request never got an answer (network down, proxy gone). */
    readonly status: number,
    readonly detail: string,
    /** Seconds the server asked us to wait (429 Retry-After). */
    readonly retryAfter?: number,
    /** The server's code and data for a conflict it names (409 VERSION_NOT_CURRENT), when it sent them. */
    readonly code?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

let unauthorizedListener: (() => void) | undefined;

/** The session registers here; a 401 on any call (not the login itself) ends the session. */
export function onUnauthorized(listener: (() => void) | undefined): void {
  unauthorizedListener = listener;
}

export function getApiKey(): string | null {
  return localStorage.getItem(KEY_STORAGE);
}

export function setApiKey(key: string | null): void {
  if (key) localStorage.setItem(KEY_STORAGE, key);
  else localStorage.removeItem(KEY_STORAGE);
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  const key = getApiKey();
  if (key) headers['X-API-Key'] = key;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(BASE + withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network');
  }
  if (!response.ok) throw await toApiError(response, path);
  return response;
}

async function toApiError(response: Response, path: string): Promise<ApiError> {
  let detail = response.statusText || `HTTP ${response.status}`;
  let code: string | undefined;
  let details: Record<string, unknown> | undefined;
  try {
    const parsed = (await response.json()) as { detail?: unknown; code?: unknown; details?: unknown };
    if (typeof parsed.detail === 'string') detail = parsed.detail;
    if (typeof parsed.code === 'string') code = parsed.code;
    if (parsed.details && typeof parsed.details === 'object')
      details = parsed.details as Record<string, unknown>;
  } catch {
    // not JSON (a proxy error page): keep the status text
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  if (response.status === 401 && path !== '/auth/login') unauthorizedListener?.();
  return new ApiError(
    response.status,
    detail,
    Number.isFinite(retryAfter) ? retryAfter : undefined,
    code,
    details,
  );
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Files and reports need the key too, so they are fetched as blobs rather than followed as links. */
export async function fetchBlob(path: string, query?: Query): Promise<{ blob: Blob; filename?: string }> {
  const response = await send(path, { query });
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return { blob: await response.blob(), filename: match?.[1] ? decodeURIComponent(match[1]) : undefined };
}

export async function download(path: string, query: Query, fallbackName: string): Promise<void> {
  const { blob, filename } = await fetchBlob(path, query);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** URL of a stored file, for <img>: loaded as a blob because an <img> cannot send X-API-Key. */
export async function fileObjectUrl(filePath: string): Promise<string> {
  const { blob } = await fetchBlob(`/files/${filePath.split('/').map(encodeURIComponent).join('/')}`);
  return URL.createObjectURL(blob);
}
