import { notFound } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';
import { ownerOf } from './stream-tools.js';

export const unsubscribe = brokerTool({
  name: 'unsubscribe',
  title: 'Unsubscribe',
  summary: 'Releases a subscription; the upstream stream stops when no bot holds it',
  kind: 'read',
  input: Type.Object(
    { subscription_id: Type.String({ pattern: '^sub-[0-9a-f-]{36}$' }) },
    {
      additionalProperties: false,
      examples: [{ subscription_id: 'sub-0f8e2c4a-6b1d-4e3f-9a7c-5d2b8e1f0a36' }],
    },
  ),
  output: Type.Object(
    { subscription_id: Type.String(), released: Type.Boolean() },
    { examples: [{ subscription_id: 'sub-0f8e2c4a-6b1d-4e3f-9a7c-5d2b8e1f0a36', released: true }] },
  ),
  handler: async (input, context) => {
    const owner = ownerOf(context);
    const hub = context.clients.broker.streams;
    hub.touch(owner);
    if (!hub.unsubscribe(input.subscription_id, owner))
      throw notFound(
        `subscription ${input.subscription_id} is not held by this bot (expired or unknown)`,
        'SUBSCRIPTION_NOT_FOUND',
      );
    return { data: { subscription_id: input.subscription_id, released: true }, obtainedAt: context.now() };
  },
});
