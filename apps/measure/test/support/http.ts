import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * An HTTP request with the path sent exactly as given: fetch and URL normalise `..` and
 * percent-encoding away, which would hide the traversal attempts these tests are about.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, method, path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** POSTs one file (and optional fields) as multipart/form-data. */
export async function uploadFile(
  url: string,
  file: { name: string; bytes: Uint8Array; type?: string } | undefined,
  options: { user?: string; fields?: Record<string, string>; fileField?: string } = {},
): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  if (file) {
    form.append(
      options.fileField ?? 'file',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const headers: Record<string, string> = options.user ? { 'x-test-user': options.user } : {};
  return fetch(url, { method: 'POST', body: form, headers });
}

/** Response bodies are inspected loosely in tests; the assertions say what must be there. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type LooseJson = Record<string, any>;
export const json = async (response: Response): Promise<LooseJson> => (await response.json()) as LooseJson;
