import { Type } from '@sinclair/typebox';
import { HaltSchema } from '../admin/risk.schema.js';
import { LimitsSchema } from '../trading/risk/risk-limits.js';
import { toolsOf } from './tool.js';

export const RiskStatusSchema = Type.Object(
  {
    environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
    bot_tag: Type.String({ description: 'The caller’s X-Bot-Tag' }),
    venue: Type.String(),
    rule: Type.Union([Type.String(), Type.Null()], {
      description: 'The RISK_LIMITS_FILE bots entry that applies to this tag; null: the environment defaults',
    }),
    limits: LimitsSchema,
    max_leverage: Type.Union([Type.Number(), Type.Null()], { description: 'The venue’s leverage cap' }),
    dry_run: Type.Boolean({ description: 'Writes are checked and answered with the request, never sent' }),
    halt: Type.Union([HaltSchema, Type.Null()], {
      description: 'The halt refusing this bot’s orders, if any',
    }),
    orders_last_minute: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Orders in the last 60 s (counted only when orders_per_minute limits the bot)',
    }),
  },
  {
    examples: [
      {
        environment: 'test',
        bot_tag: 'grid-btc',
        venue: 'optx',
        rule: 'grid-*',
        limits: { max_order_notional: 50_000, orders_per_minute: 30 },
        max_leverage: 5,
        dry_run: false,
        halt: null,
        orders_last_minute: 4,
      },
    ],
  },
);

/**
 * `get_risk_status` of a trading namespace: the calling bot's own room — its limits, the venue's leverage cap,
 * whether it is halted or a dry run, and how much of its order rate it used — so an agent can check before it
 * acts instead of learning from a refusal.
 */
export const riskStatusTool = (venue: string) =>
  toolsOf<unknown>()({
    name: 'get_risk_status',
    title: 'Risk status',
    summary: 'The calling bot’s pre-trade limits on this venue, its halt, dry run and order rate',
    kind: 'read',
    input: Type.Object({}, { additionalProperties: false }),
    output: RiskStatusSchema,
    handler: async (_input, context) => ({
      data: { ...(await context.riskStatus()), venue, max_leverage: context.maxLeverage(venue) ?? null },
      obtainedAt: context.now(),
    }),
  });
