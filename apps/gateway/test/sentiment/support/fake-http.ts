import type {
  UpstreamHttp,
  UpstreamRequest,
  UpstreamResponse,
} from '../../../src/upstream/upstream-types.js';

/**
 * An UpstreamHttp that answers from a table of payloads by path (and POST body type), for reading the notes'
 * example payloads through the real clients without a socket.
 */
export function fakeHttp(
  answers: Record<string, unknown>,
  options: { status?: number; receivedAt?: number } = {},
): UpstreamHttp & { requests: UpstreamRequest[] } {
  const requests: UpstreamRequest[] = [];
  return {
    name: 'fake',
    host: 'api',
    environment: 'live',
    baseUrl: 'http://fake',
    requests,
    async request<T>(request: UpstreamRequest): Promise<UpstreamResponse<T>> {
      requests.push(request);
      const type = (request.body as { type?: string } | undefined)?.type;
      const key = type ? `${request.path}#${type}` : request.path;
      if (!(key in answers)) throw new Error(`no fake answer for ${key}`);
      return {
        status: options.status ?? 200,
        headers: {},
        body: answers[key] as T,
        receivedAt: options.receivedAt ?? 1750032123000,
      };
    },
  };
}
