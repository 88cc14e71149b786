import { Type } from '@sinclair/typebox';
import { optxTool } from './optx-clients.js';

export const isTestnet = optxTool({
  name: 'is_testnet',
  title: 'Is testnet',
  summary: 'Whether this token trades on the optx test environment (confirmed by the venue’s testnet flag)',
  description:
    'The bearer token chooses the environment. The answer is confirmed with public/get_time: every Deribit envelope carries `testnet`, and a flag that disagrees with the configured environment is 502 UPSTREAM_ENVIRONMENT_MISMATCH.',
  kind: 'read',
  input: Type.Object({}, { additionalProperties: false, examples: [{}] }),
  output: Type.Object(
    {
      testnet: Type.Boolean(),
      environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
    },
    { examples: [{ testnet: true, environment: 'test' }] },
  ),
  handler: async (_input, context) => {
    const { clients, environment } = context;
    const probed = await clients.market.probe(context);
    return { data: { testnet: environment === 'test', environment }, obtainedAt: probed.receivedAt };
  },
});
