import { Type } from '@sinclair/typebox';
import { EnvironmentInfoSchema } from '../../tools/environment-info.tool.js';
import { perpdexTool } from './perpdex-tool.js';

const address = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

/**
 * `environment_info` of `/mcp-perpdex`: the frame's answer plus who trades (notes §2): the master account the
 * account tools query and the agent (API wallet) that signs. Addresses only; null when no credentials are set.
 */
export const perpdexEnvironmentInfo = perpdexTool({
  name: 'environment_info',
  title: 'Environment info',
  summary:
    'Which upstream environment and profile this token reaches, and the account and agent addresses used',
  kind: 'read',
  input: Type.Object({}, { additionalProperties: false, examples: [{}] }),
  output: Type.Composite(
    [
      EnvironmentInfoSchema,
      Type.Object({
        account_address: address('Master account the account tools query'),
        agent_address: address('Agent (API wallet) whose key signs orders; never the key'),
      }),
    ],
    {
      examples: [
        {
          namespace: 'mcp-perpdex',
          exchange: 'perpdex',
          environment: 'test',
          profile: 'sim',
          upstreams: [{ name: 'perpdex', base_url: 'http://127.0.0.1:41234' }],
          account_address: '0x14791697260e4c9a71f18484c9f997b308e59325',
          agent_address: '0xe5ca49fb3bd9a581f0d1ef9cb5d7177da08bf901',
        },
      ],
    },
  ),
  handler: async (_input, context) => {
    const { signer } = context.clients.perpdex.trading;
    const configured = (read: () => string) => {
      try {
        return read();
      } catch {
        return null;
      }
    };
    return {
      data: {
        ...context.environmentInfo(),
        account_address: configured(() => signer.account()),
        agent_address: configured(() => signer.agentAddress()),
      },
      obtainedAt: context.now(),
    };
  },
});
