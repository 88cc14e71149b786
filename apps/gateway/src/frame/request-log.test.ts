import { describe, expect, it } from 'vitest';
import { type RequestLogLine, serializeLine } from './request-log.js';

const line: RequestLogLine = {
  request_id: '6f1c3b9e-0d7a-4f53-9a43-1f8e2b7c5d10',
  client_request_id: 'a "quoted" \\ id',
  method: 'POST',
  path: '/mcp/tools/get_instruments',
  status_code: 200,
  duration_ms: 0.417,
  actor: 'testnet',
  bot_tag: 'müller € 日本 \u{1F916}',
  exchange: 'perpdex',
  tool: 'get_instruments',
  client_ip: '127.0.0.1',
  user_agent: 'bot/1.0 (line\nbreak\ttab \u0001 \ud800 lone)',
};

describe('request-log line serializer', () => {
  it('writes exactly what JSON.stringify writes, escapes and all', () => {
    expect(serializeLine(line)).toBe(JSON.stringify(line));
  });

  it('writes nulls and every field in the line’s order', () => {
    const unknown: RequestLogLine = {
      ...line,
      client_request_id: null,
      duration_ms: null,
      actor: null,
      bot_tag: null,
      exchange: null,
      tool: null,
      user_agent: null,
    };
    expect(serializeLine(unknown)).toBe(JSON.stringify(unknown));
    expect(Object.keys(JSON.parse(serializeLine(unknown)))).toEqual(Object.keys(line));
  });
});
