import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineNamespace, toolsOf } from '../src/tools/tool.js';
import type { UpstreamHttp } from '../src/upstream/upstream-types.js';

const tool = toolsOf<Record<string, UpstreamHttp>>();

import { tickerNamespace, tickerUpstream } from './fixtures/ticker.namespace.js';
import { type Envelope, type Gateway, startGateway } from './helpers.js';

/** A common-interface namespace whose exchange comes from the input, like /mcp's get_instruments. */
const common = defineNamespace({
  name: 'mcp',
  description: 'Common data interface (test)',
  exchange: null,
  upstreams: ['ticker', 'quotes'],
  testnetFlag: true,
  clients: (scope) =>
    Object.fromEntries(['ticker', 'quotes'].map((name) => [name, scope.client(tickerUpstream(name))])),
  tools: [
    tool({
      name: 'get_prices',
      title: 'get_prices',
      summary: 'Prices from one or every venue',
      kind: 'read',
      input: Type.Object({
        exchange: Type.Optional(Type.Union([Type.Literal('ticker'), Type.Literal('quotes')])),
      }),
      output: Type.Object({
        prices: Type.Array(Type.Object({ exchange: Type.String(), price: Type.Number() })),
      }),
      exchange: (input) => input.exchange ?? null,
      handler: async (input, context) => {
        const venues = input.exchange ? [input.exchange] : ['ticker', 'quotes'];
        const answers = await Promise.all(
          venues.map((venue) =>
            context.clients[venue]!.request<{ price: number }>(
              {
                method: 'GET',
                path: '/ticker',
                idempotent: true,
              },
              undefined,
            ),
          ),
        );
        return {
          data: {
            prices: answers.map((answer, i) => ({ exchange: venues[i] as string, price: answer.body.price })),
          },
          // The oldest piece of data decides the age of the whole answer.
          obtainedAt: Math.min(...answers.map((answer) => answer.receivedAt)),
        };
      },
    }),
  ],
});

/** A data provider without a test environment: no testnet flag. */
const macro = defineNamespace({
  name: 'mcp-macro',
  description: 'Macro data (test)',
  exchange: 'macro',
  upstreams: [],
  testnetFlag: false,
  clients: () => ({}),
  tools: [
    tool({
      name: 'get_rate',
      title: 'get_rate',
      summary: 'A rate',
      kind: 'read',
      input: Type.Object({}),
      output: Type.Object({ rate: Type.Number() }),
      handler: async (_input, context) => ({ data: { rate: 4.25 }, obtainedAt: context.now() }),
    }),
  ],
});

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway({ namespaces: [common, tickerNamespace(), macro] });
});
afterAll(() => gateway.close());

describe('several namespaces side by side', () => {
  it('serves /mcp and /mcp-ticker without one catching the other', async () => {
    expect((await gateway.call('/mcp/tools/get_prices', {})).status).toBe(200);
    expect((await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' })).status).toBe(200);
    const unknown = await gateway.call('/mcp-ticker/tools/get_prices', {});
    expect(((await unknown.json()) as Envelope).error.message).toBe(
      'No tool get_prices in namespace mcp-ticker',
    );
    const unknownCommon = await gateway.call('/mcp/tools/get_ticker', {});
    expect(((await unknownCommon.json()) as Envelope).error.message).toBe(
      'No tool get_ticker in namespace mcp',
    );
  });

  it('asks for the bot tag on an unknown tool of a known namespace before saying it is unknown', async () => {
    const res = await gateway.call('/mcp/tools/nothing', {}, { 'x-bot-tag': '' });
    expect(res.status).toBe(400);
  });

  it('logs the exchange a common-interface call was about', async () => {
    await gateway.call('/mcp/tools/get_prices', { exchange: 'quotes' }, { 'x-request-id': 'ns-1' });
    await gateway.call('/mcp/tools/get_prices', {}, { 'x-request-id': 'ns-2' });
    const line = (id: string) =>
      gateway.logLines().find((l) => l.name === 'mcp.request' && l.client_request_id === id);
    await expect.poll(() => line('ns-2')).toBeDefined();
    expect(line('ns-1')).toMatchObject({ exchange: 'quotes', tool: 'get_prices' });
    expect(line('ns-2')).toMatchObject({ exchange: null, tool: 'get_prices' });
  });

  it('leaves the testnet flag out for a provider without environments, keeps simulated', async () => {
    const body = (await (await gateway.call('/mcp-macro/tools/get_rate', {})).json()) as Record<
      string,
      unknown
    >;
    expect(body).toEqual({ rate: 4.25, data_timestamp: expect.any(String), simulated: true });
  });

  it('strips fields a handler returns beyond its output schema', async () => {
    const body = (await (
      await gateway.call('/mcp/tools/get_prices', { exchange: 'ticker' })
    ).json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['data_timestamp', 'prices', 'simulated', 'testnet']);
  });
});

describe('namespace names', () => {
  it('refuses a namespace outside /mcp*, where the bot-tag rule would not apply', async () => {
    await expect(startGateway({ namespaces: [{ ...macro, name: 'macro' }] })).rejects.toThrow(
      /must be mcp or mcp-<name>/,
    );
  });
});
