import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';

/** SPY on ARCA stands for US equity hours (notes §5.1). */
const REFERENCE = { conid: 756733, exchange: 'ARCA' };

interface Session {
  opening: number;
  closing: number;
}

export const getClock = brokerTool({
  name: 'get_clock',
  title: 'Market clock',
  summary:
    'Server time and whether US equities trade now (regular, extended or closed), with the next open and close',
  description:
    'Time from the upstream (HTTP Date of the latest /tickle, or the websocket heartbeat), hours from `/contract/trading-schedule` for SPY on ARCA.',
  kind: 'read',
  input: Type.Object({}, { additionalProperties: false, examples: [{}] }),
  output: Type.Object(
    {
      timestamp: Type.String({ format: 'date-time' }),
      clock_offset_ms: Type.Union([Type.Number(), Type.Null()]),
      is_open: Type.Boolean(),
      session: Type.Union([Type.Literal('regular'), Type.Literal('extended'), Type.Literal('closed')]),
      next_open: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      next_close: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      exchange_time_zone: Type.String(),
    },
    {
      examples: [
        {
          timestamp: '2026-11-24T15:00:00.000Z',
          clock_offset_ms: 12,
          is_open: true,
          session: 'regular',
          next_open: '2026-11-25T14:30:00.000Z',
          next_close: '2026-11-24T21:00:00.000Z',
          exchange_time_zone: 'US/Eastern',
        },
      ],
    },
  ),
  handler: async (_input, context) => {
    const { broker } = context.clients;
    const schedule = await broker.read<{
      exchange_time_zone?: string;
      schedules?: Record<string, { liquid_hours?: Session[]; extended_hours?: Session[] }>;
    }>(context, { method: 'GET', path: '/contract/trading-schedule', query: REFERENCE }, 'trading schedule');
    const upstream = broker.streams.cache.serverTime?.hb ?? broker.session.lastServerDate?.date;
    const now = context.now();
    const liquid: Session[] = [];
    const extended: Session[] = [];
    for (const day of Object.values(schedule.data.schedules ?? {})) {
      liquid.push(...(day.liquid_hours ?? []));
      extended.push(...(day.extended_hours ?? []));
    }
    const seconds = now / 1000;
    const inside = (s: Session) => s.opening <= seconds && seconds < s.closing;
    const session: 'regular' | 'extended' | 'closed' = liquid.some(inside)
      ? 'regular'
      : extended.some(inside)
        ? 'extended'
        : 'closed';
    const iso = (s: number | undefined) => (s === undefined ? null : new Date(s * 1000).toISOString());
    const nextOpen = liquid
      .map((s) => s.opening)
      .filter((t) => t > seconds)
      .sort((a, b) => a - b)[0];
    const nextClose = liquid
      .map((s) => s.closing)
      .filter((t) => t > seconds)
      .sort((a, b) => a - b)[0];
    return {
      data: {
        timestamp: new Date(now).toISOString(),
        clock_offset_ms: upstream === undefined ? null : now - upstream,
        is_open: session !== 'closed',
        session,
        next_open: iso(nextOpen),
        next_close: iso(nextClose),
        exchange_time_zone: schedule.data.exchange_time_zone ?? 'US/Eastern',
      },
      obtainedAt: schedule.receivedAt,
    };
  },
});
