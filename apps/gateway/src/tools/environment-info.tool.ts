import { Type } from '@sinclair/typebox';
import { defineTool } from './tool-types.js';

const EnvironmentInfoSchema = Type.Object({
  namespace: Type.String(),
  exchange: Type.Union([Type.String(), Type.Null()]),
  environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  profile: Type.Union([Type.Literal('sim'), Type.Literal('public')]),
  upstreams: Type.Array(Type.Object({ name: Type.String(), base_url: Type.String() })),
});

/** `environment_info` for any namespace: where this caller's calls go (environment, profile, upstream hosts). */
export const environmentInfoTool = () =>
  defineTool({
    name: 'environment_info',
    summary: 'Which upstream environment and profile this token reaches',
    kind: 'read',
    input: Type.Object({}),
    output: EnvironmentInfoSchema,
    handler: async (_input, context) => {
      const { testnet: _testnet, simulated: _simulated, ...info } = context.environmentInfo();
      return { data: info, dataTimestamp: context.now() };
    },
  });
