import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namespaces } from '../../src/namespaces.js';
import { ToolRegistry } from '../../src/tools/tool-registry.js';
import { type Gateway, startGateway } from '../helpers.js';
import { connectMcp, envelopeOf } from './mcp-client.js';

/** Every production namespace over MCP, each at its own endpoint and all at /mcp, from the one registry. */
describe('MCP tool listing', () => {
  let gateway: Gateway;
  let registry: ToolRegistry;
  beforeAll(async () => {
    gateway = await startGateway({ production: true });
    registry = new ToolRegistry(namespaces(gateway.config), {
      registry: gateway.upstreams.registry,
      profile: 'sim',
    });
  });
  afterAll(() => gateway.close());

  it('lists every registered tool of each namespace with its schemas and annotations', async () => {
    for (const namespace of registry.namespaces) {
      const mcp = await connectMcp(gateway, `/${namespace.name}/mcp`);
      expect(mcp.client.getServerCapabilities()?.tools).toBeDefined();
      const { tools } = await mcp.client.listTools();
      const entries = registry.toolsOf(namespace.name);
      expect(tools.map((tool) => tool.name)).toEqual(entries.map((entry) => entry.tool.name));
      for (const [i, entry] of entries.entries()) {
        const listed = tools[i]!;
        const write = entry.tool.kind === 'write';
        expect(listed.title).toBe(entry.tool.title);
        expect(listed.description).toContain(entry.tool.description ?? entry.tool.summary);
        expect(listed.inputSchema).toEqual(JSON.parse(JSON.stringify(entry.tool.input)));
        expect(listed.outputSchema?.type).toBe('object');
        expect(listed.annotations).toMatchObject({
          readOnlyHint: !write,
          openWorldHint: true,
          ...(write ? { destructiveHint: true, idempotentHint: false } : {}),
        });
      }
      await mcp.close();
    }
  });

  it('serves every namespace at /mcp with namespaced names', async () => {
    const mcp = await connectMcp(gateway, '/mcp');
    const { tools } = await mcp.client.listTools();
    const expected = registry.namespaces.flatMap((namespace) =>
      registry.toolsOf(namespace.name).map((entry) => `${namespace.name}__${entry.tool.name}`),
    );
    expect(tools.map((tool) => tool.name)).toEqual(expected);
    const result = (await mcp.client.callTool({
      name: 'mcp-perpdex__environment_info',
      arguments: {},
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      namespace: 'mcp-perpdex',
      environment: 'test',
      simulated: true,
    });
    await mcp.close();
  });

  it('answers a read tool with structuredContent matching its output schema, and a short text', async () => {
    const mcp = await connectMcp(gateway, '/mcp/mcp');
    // The SDK client validates structuredContent against the listed outputSchema and throws when it does not match.
    await mcp.client.listTools();
    const result = (await mcp.client.callTool({
      name: 'get_instruments',
      arguments: { exchange: 'optx', currency: 'BTC' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { instruments: unknown[]; data_timestamp: string };
    expect(structured.instruments.length).toBeGreaterThan(0);
    expect(typeof structured.data_timestamp).toBe('string');
    expect(result.content[0]?.type).toBe('text');
    await mcp.close();
  });

  it('answers invalid arguments as a tool error naming the field, and an unknown tool as a protocol error', async () => {
    const mcp = await connectMcp(gateway, '/mcp/mcp');
    const result = (await mcp.client.callTool({
      name: 'get_instruments',
      arguments: { exchange: 'nowhere' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(envelopeOf(result)).toMatchObject({ retryable: false, request_id: expect.any(String) });
    await expect(mcp.client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(
      /Unknown tool/,
    );
    await mcp.close();
  });

  it('answers a history too long for a model with the paging advice, and the advised page whole', async () => {
    const mcp = await connectMcp(gateway, '/mcp/mcp');
    const day = 86_400_000;
    const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const today = Date.now();
    const week = (await mcp.client.callTool({
      name: 'get_historical',
      arguments: {
        instrument: 'BTC',
        interval: '1m',
        start_date: date(today - 6 * day),
        end_date: date(today - day),
      },
    })) as CallToolResult;
    expect(week.isError).toBe(true);
    const refusal = envelopeOf(week);
    expect(refusal).toMatchObject({
      code: 'RESULT_TOO_LARGE',
      details: { list: 'candles', http: 'POST /mcp/tools/get_historical' },
    });
    const { items, max_items } = refusal.details as { items: number; max_items: number };
    expect(items).toBeGreaterThan(max_items);

    // One day of 1m candles (1,440) is a page the advice allows.
    expect(max_items).toBeGreaterThan(1_440);
    const page = (await mcp.client.callTool({
      name: 'get_historical',
      arguments: {
        instrument: 'BTC',
        interval: '1m',
        start_date: date(today - 2 * day),
        end_date: date(today - 2 * day),
      },
    })) as CallToolResult;
    expect(page.isError).toBeFalsy();
    expect((page.structuredContent as { candles: unknown[] }).candles).toHaveLength(1_440);
    await mcp.close();
  });
});
