import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../helpers.js';
import { auditOf, DESK_ORDER, deskOrders, deskSends, startWriteGateway } from '../support/write-gateway.js';
import { connectMcp, envelopeOf, type McpConnection } from './mcp-client.js';

const ENDPOINT = '/mcp-desk/mcp';

/** Writes over MCP take the HTTP surface's pipeline: audit, leverage cap, Idempotency-Key. */
describe('MCP writes', () => {
  let gateway: Gateway;
  let mcp: McpConnection;
  beforeAll(async () => {
    gateway = await startWriteGateway();
    mcp = await connectMcp(gateway, ENDPOINT);
  });
  afterAll(async () => {
    await mcp.close();
    await gateway.close();
  });

  const place = async (args: unknown, meta?: Record<string, unknown>) =>
    (await mcp.client.callTool({
      name: 'place_order',
      arguments: args as Record<string, unknown>,
      _meta: meta,
    })) as CallToolResult;

  it('places an order and records it in the audit trail under the call’s request id', async () => {
    const before = (await deskOrders(gateway)).count;
    const result = await place(DESK_ORDER);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      order_id: expect.any(String),
      amount: 1,
      testnet: true,
    });
    expect((await deskOrders(gateway)).count).toBe(before + 1);
    const records = auditOf(gateway, mcp.requestIds.at(-1)!);
    expect(records.length).toBeGreaterThan(0);
    expect(records.at(-1)).toMatchObject({ bot_tag: 'mcp-test', actor: 'testnet', outcome: 'ok' });
  });

  it('refuses a write above the leverage cap as an isError result, nothing sent', async () => {
    const sends = deskSends(gateway);
    const result = await place({ ...DESK_ORDER, amount: 1000 });
    expect(result.isError).toBe(true);
    expect(envelopeOf(result)).toMatchObject({
      code: 'LEVERAGE_CAP_EXCEEDED',
      retryable: false,
      request_id: mcp.requestIds.at(-1),
    });
    expect(deskSends(gateway)).toBe(sends);
    expect(auditOf(gateway, mcp.requestIds.at(-1)!).at(-1)).toMatchObject({ outcome: 'refused' });
  });

  it('honours an Idempotency-Key sent in _meta: the repeat answers the first result and sends nothing', async () => {
    const first = await place(DESK_ORDER, { idempotency_key: 'mcp-key-1' });
    const sends = deskSends(gateway);
    const again = await place(DESK_ORDER, { idempotency_key: 'mcp-key-1' });
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(again._meta).toMatchObject({ idempotent_replayed: true });
    expect(deskSends(gateway)).toBe(sends);
  });

  it('honours the Idempotency-Key header as the HTTP surface does', async () => {
    const keyed = await connectMcp(gateway, ENDPOINT, { 'idempotency-key': 'mcp-key-2' });
    const first = (await keyed.client.callTool({
      name: 'place_order',
      arguments: { ...DESK_ORDER },
    })) as CallToolResult;
    const sends = deskSends(gateway);
    const again = (await keyed.client.callTool({
      name: 'place_order',
      arguments: { ...DESK_ORDER },
    })) as CallToolResult;
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(deskSends(gateway)).toBe(sends);
    await keyed.close();
  });
});
