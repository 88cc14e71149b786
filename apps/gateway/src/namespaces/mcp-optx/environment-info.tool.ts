import { Type } from '@sinclair/typebox';
import { optxTool } from './optx-clients.js';

/** Round trip of the clock probe, local before and after: skew = server time − midpoint (notes §8). */
export const optxEnvironmentInfo = optxTool({
  name: 'environment_info',
  title: 'Environment info',
  summary:
    'Where this token’s optx calls go: host, environment, venue version, server time and skew, lock state',
  description:
    'Calls public/test, public/get_time and public/status. `credentials_configured` says whether an API key is set for the environment; no secret is ever shown.',
  kind: 'read',
  input: Type.Object({}, { additionalProperties: false, examples: [{}] }),
  output: Type.Object(
    {
      namespace: Type.String(),
      exchange: Type.Union([Type.String(), Type.Null()]),
      environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
      profile: Type.Union([Type.Literal('sim'), Type.Literal('public')]),
      upstreams: Type.Array(Type.Object({ name: Type.String(), base_url: Type.String() })),
      host: Type.String({ description: 'Host of the Deribit API this environment uses' }),
      version: Type.Union([Type.String(), Type.Null()], { description: 'public/test `version`' }),
      server_time: Type.Integer({ description: 'public/get_time, epoch ms' }),
      clock_skew_ms: Type.Integer({
        description: 'Server time minus the gateway’s clock at the round trip’s midpoint',
      }),
      locked: Type.String({ description: 'public/status `locked`: `true`, `partial` or `false`' }),
      credentials_configured: Type.Boolean(),
    },
    {
      examples: [
        {
          namespace: 'mcp-optx',
          exchange: 'optx',
          environment: 'test',
          profile: 'public',
          upstreams: [{ name: 'optx', base_url: 'https://test.deribit.com/api/v2' }],
          host: 'test.deribit.com',
          version: '1.2.26',
          server_time: 1795573589013,
          clock_skew_ms: 4,
          locked: 'false',
          credentials_configured: true,
        },
      ],
    },
  ),
  handler: async (_input, context) => {
    const { trading } = context.clients;
    const before = context.now();
    const [test, time, status] = await trading.platform(context);
    const midpoint = (before + time.receivedAt) / 2;
    return {
      data: {
        ...context.environmentInfo(),
        host: new URL(trading.http.baseUrl).host,
        version: typeof test.data.version === 'string' ? test.data.version : null,
        server_time: time.data,
        clock_skew_ms: Math.round(time.data - midpoint),
        locked: String(status.data.locked ?? 'false'),
        credentials_configured: trading.credentials?.current() !== undefined,
      },
      obtainedAt: time.receivedAt,
    };
  },
});
