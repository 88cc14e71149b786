import { Type } from '@sinclair/typebox';
import { toolsOf } from './tool.js';

export const EnvironmentInfoSchema = Type.Object({
  namespace: Type.String(),
  exchange: Type.Union([Type.String(), Type.Null()]),
  environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  profile: Type.Union([Type.Literal('sim'), Type.Literal('public')]),
  upstreams: Type.Array(Type.Object({ name: Type.String(), base_url: Type.String() })),
});

/** `environment_info` for any namespace: where this caller's calls go (environment, profile, upstream hosts). */
export const environmentInfoTool = toolsOf<unknown>()({
  name: 'environment_info',
  title: 'Environment info',
  summary: 'Which upstream environment and profile this token reaches',
  kind: 'read',
  input: Type.Object({}),
  output: EnvironmentInfoSchema,
  handler: async (_input, context) => ({ data: context.environmentInfo(), obtainedAt: context.now() }),
});
