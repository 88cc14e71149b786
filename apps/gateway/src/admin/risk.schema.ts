import { Type } from '@sinclair/typebox';
import { LimitsSchema } from '../trading/risk/risk-limits.js';

const BotTag = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[^\\u0000-\\u001f\\u007f]+$',
  description: 'One bot (its X-Bot-Tag); absent: the whole environment of the token',
});
const Reason = Type.String({
  minLength: 1,
  maxLength: 500,
  description: 'Why: kept in the halt and the audit trail',
});

export const HaltSchema = Type.Object({
  environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  bot_tag: Type.Union([Type.String(), Type.Null()], { description: 'null: the whole environment' }),
  reason: Type.String(),
  since: Type.String({ format: 'date-time' }),
  by: Type.Union([Type.Literal('operator'), Type.Literal('daily_loss')], {
    description: '`operator` (POST /admin/risk/halt) or `daily_loss` (the bot crossed max_daily_loss)',
  }),
});

export const RiskQuery = Type.Object(
  { bot_tag: Type.Optional(BotTag) },
  { additionalProperties: false, examples: [{}, { bot_tag: 'grid-btc' }] },
);

export const RiskAnswer = Type.Object({
  environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  defaults: LimitsSchema,
  bots: Type.Record(Type.String(), LimitsSchema, { description: 'Rules by bot tag or glob, as in the file' }),
  halts: Type.Array(HaltSchema),
  bot: Type.Optional(
    Type.Object({
      environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
      bot_tag: Type.String(),
      rule: Type.Union([Type.String(), Type.Null()], {
        description: 'The bots entry that applies; null: defaults',
      }),
      limits: LimitsSchema,
      dry_run: Type.Boolean(),
      halt: Type.Union([HaltSchema, Type.Null()]),
      orders_last_minute: Type.Union([Type.Integer(), Type.Null()], {
        description: 'Orders in the last 60 s, counted only for a bot with orders_per_minute',
      }),
    }),
  ),
});

export const HaltBody = Type.Object(
  {
    bot_tag: Type.Optional(BotTag),
    reason: Reason,
    cancel_open_orders: Type.Optional(
      Type.Boolean({ default: false, description: 'Also cancel the scope’s open orders on every venue' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ bot_tag: 'grid-btc', reason: 'runaway: 40 orders in 10 s', cancel_open_orders: true }],
  },
);

const Cancelled = Type.Object({
  venue: Type.String(),
  order_id: Type.String(),
  client_order_id: Type.String(),
  bot_tag: Type.String(),
});

export const HaltAnswer = Type.Object({
  halt: HaltSchema,
  cancelled: Type.Optional(Type.Array(Cancelled)),
  not_cancelled: Type.Optional(
    Type.Array(
      Type.Object({
        venue: Type.String(),
        order_id: Type.Optional(Type.String()),
        client_order_id: Type.Optional(Type.String()),
        bot_tag: Type.Optional(Type.String()),
        error: Type.Object({ code: Type.String(), message: Type.String() }),
      }),
      { description: 'Orders (or whole venues whose open orders could not be read) left as they were' },
    ),
  ),
});

export const ResumeBody = Type.Object(
  { bot_tag: Type.Optional(BotTag), reason: Reason },
  { additionalProperties: false, examples: [{ bot_tag: 'grid-btc', reason: 'fixed the sizing bug' }] },
);

export const ResumeAnswer = Type.Object({
  environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  bot_tag: Type.Union([Type.String(), Type.Null()]),
  resumed: Type.Boolean(),
});
