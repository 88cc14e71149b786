import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineNamespace, toolsOf } from '../src/tools/tool.js';
import type { UpstreamHttp } from '../src/upstream/upstream-types.js';

const tool = toolsOf<Record<string, UpstreamHttp>>();

import { type Envelope, type Gateway, startGateway } from './helpers.js';

/** Tools that write through the request's logger (made on first use) and one that fails with a bug. */
const logging = defineNamespace({
  name: 'mcp-logging',
  description: 'Request logger (test)',
  exchange: 'logging',
  upstreams: [],
  testnetFlag: false,
  clients: () => ({}),
  tools: [
    tool({
      name: 'chatty_read',
      title: 'chatty_read',
      summary: 'Writes a line through context.log',
      kind: 'read',
      input: Type.Object({}),
      output: Type.Object({ ok: Type.Boolean() }),
      handler: async (_input, context) => {
        context.log.info({ step: 'handler' }, 'handler line');
        return { data: { ok: true }, obtainedAt: context.now() };
      },
    }),
    tool({
      name: 'broken_read',
      title: 'broken_read',
      summary: 'Throws a plain error',
      kind: 'read',
      input: Type.Object({}),
      output: Type.Object({ ok: Type.Boolean() }),
      handler: async () => {
        throw new Error('a bug');
      },
    }),
  ],
});

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway({ namespaces: [logging] });
});
afterAll(() => gateway.close());

describe('request.log', () => {
  it('writes a handler’s lines with the request id', async () => {
    const res = await gateway.call('/mcp-logging/tools/chatty_read', {});
    expect(res.status).toBe(200);
    expect(gateway.logLines().filter((line) => line.msg === 'handler line')).toEqual([
      expect.objectContaining({
        request_id: res.headers.get('x-request-id'),
        step: 'handler',
        level: 'info',
      }),
    ]);
  });

  it('writes the error line of a 500 with the request id', async () => {
    const res = await gateway.call('/mcp-logging/tools/broken_read', {});
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id');
    expect(((await res.json()) as Envelope).error.request_id).toBe(requestId);
    expect(gateway.logLines().filter((line) => line.msg === 'request failed')).toEqual([
      expect.objectContaining({ request_id: requestId, level: 'error', err: expect.anything() }),
    ]);
  });
});
