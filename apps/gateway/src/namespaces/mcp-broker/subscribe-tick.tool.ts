import { Type } from '@sinclair/typebox';
import { STREAM_DEFAULTS } from '../../venues/ibkr/ibkr-stream-hub.js';
import { brokerTool } from './broker-tool.js';
import { ownerOf } from './stream-tools.js';

export const subscribeTick = brokerTool({
  name: 'subscribe_tick',
  title: 'Subscribe to ticks',
  summary:
    'Holds a top-of-book (or depth) stream of a conid on the shared websocket; get_tick / get_depth read it',
  description: `Answers a subscription id for unsubscribe. Bots share one upstream stream per conid; a bot's subscriptions end after ${STREAM_DEFAULTS.idleMs / 60_000} minutes without any streaming call (subscribe_tick, get_tick, get_depth, unsubscribe) of that bot.`,
  kind: 'read',
  input: Type.Object(
    {
      conid: Type.Integer({ minimum: 1 }),
      depth: Type.Optional(
        Type.Boolean({
          default: false,
          description: 'Book ladder instead of top of book (at most 3 conids per environment)',
        }),
      ),
    },
    { additionalProperties: false, examples: [{ conid: 265598 }] },
  ),
  output: Type.Object(
    {
      subscription_id: Type.String(),
      conid: Type.Integer(),
      kind: Type.Union([Type.Literal('tick'), Type.Literal('depth')]),
      shared_with: Type.Integer({ description: 'Other subscriptions of this stream in the gateway' }),
      idle_expiry_ms: Type.Integer(),
    },
    {
      examples: [
        {
          subscription_id: 'sub-0f8e2c4a-6b1d-4e3f-9a7c-5d2b8e1f0a36',
          conid: 265598,
          kind: 'tick',
          shared_with: 0,
          idle_expiry_ms: 300000,
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const hub = context.clients.broker.streams;
    const kind: 'tick' | 'depth' = input.depth ? 'depth' : 'tick';
    const sub = await hub.subscribe(ownerOf(context), input.conid, kind);
    return {
      data: {
        subscription_id: sub.id,
        conid: input.conid,
        kind,
        shared_with: hub.references(kind, input.conid) - 1,
        idle_expiry_ms: STREAM_DEFAULTS.idleMs,
      },
      obtainedAt: context.now(),
    };
  },
});
