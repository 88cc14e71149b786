import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type Envelope, type Gateway, TESTNET } from '../helpers.js';

export interface McpConnection {
  client: Client;
  /** X-Request-Id of every answer, in order: the request ids of the log lines and audit records. */
  requestIds: string[];
  close(): Promise<void>;
}

/**
 * The SDK's own client over real HTTP to `<gateway>/<path>`, with the testnet token and a bot tag unless
 * `headers` say otherwise (a header given as undefined is left out).
 */
export async function connectMcp(
  gateway: Gateway,
  path: string,
  headers: Record<string, string | undefined> = {},
): Promise<McpConnection> {
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries({
    authorization: `Bearer ${TESTNET}`,
    'x-bot-tag': 'mcp-test',
    ...headers,
  })) {
    if (value !== undefined) sent[name] = value;
  }
  const requestIds: string[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(`${gateway.url}${path}`), {
    requestInit: { headers: sent },
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      const id = response.headers.get('x-request-id');
      if (id) requestIds.push(id);
      return response;
    },
  });
  const client = new Client({ name: 'gateway-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, requestIds, close: () => client.close() };
}

/** The text of a result's first content block. */
export const textOf = (result: CallToolResult): string => {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
};

/** The envelope an isError result carries as its text. */
export const envelopeOf = (result: CallToolResult): Envelope['error'] =>
  (JSON.parse(textOf(result)) as Envelope).error;
