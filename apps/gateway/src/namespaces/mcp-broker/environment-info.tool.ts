import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';

export const brokerEnvironmentInfo = brokerTool({
  name: 'environment_info',
  title: 'Environment info',
  summary:
    'Paper or live, the IBKR host and realm, accounts, brokerage session state, LST expiry, websocket state',
  kind: 'read',
  input: Type.Object({}, { additionalProperties: false, examples: [{}] }),
  output: Type.Object(
    {
      namespace: Type.String(),
      environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
      profile: Type.Union([Type.Literal('sim'), Type.Literal('public')]),
      base_url: Type.String(),
      realm: Type.String(),
      is_paper: Type.Boolean(),
      accounts: Type.Array(Type.String()),
      selected_account: Type.String(),
      authenticated: Type.Boolean(),
      competing: Type.Boolean(),
      server_name: Type.Union([Type.String(), Type.Null()]),
      server_version: Type.Union([Type.String(), Type.Null()]),
      lst_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      websocket: Type.Object({
        connected: Type.Boolean(),
        subscriptions: Type.Integer(),
        connects: Type.Integer({ description: 'Connections opened so far (reconnects included)' }),
        heartbeat_losses: Type.Integer({
          description: 'Times the socket was dropped for missing heartbeats',
        }),
      }),
    },
    {
      examples: [
        {
          namespace: 'mcp-broker',
          environment: 'test',
          profile: 'sim',
          base_url: 'https://api.ibkr.com/v1/api',
          realm: 'limited_poa',
          is_paper: true,
          accounts: ['DU1234567'],
          selected_account: 'DU1234567',
          authenticated: true,
          competing: false,
          server_name: 'SimSrv01',
          server_version: 'Build 10.25.0p',
          lst_expires_at: '2026-11-26T12:00:00.000Z',
          websocket: { connected: false, subscriptions: 0, connects: 0, heartbeat_losses: 0 },
        },
      ],
    },
  ),
  handler: async (_input, context) => {
    const { broker } = context.clients;
    const [accounts, status] = await Promise.all([broker.accounts(context), broker.authStatus(context)]);
    const server = (status.data.serverInfo ?? {}) as { serverName?: string; serverVersion?: string };
    const session = broker.authorizer?.session;
    return {
      data: {
        namespace: 'mcp-broker',
        environment: context.environment,
        profile: context.profile,
        base_url: broker.http.baseUrl,
        realm: broker.authorizer?.keys().realm ?? 'limited_poa',
        is_paper: accounts.isPaper,
        accounts: accounts.accounts,
        selected_account: accounts.selectedAccount,
        authenticated: status.data.authenticated === true,
        competing: status.data.competing === true,
        server_name: server.serverName ?? null,
        server_version: server.serverVersion ?? null,
        lst_expires_at: session ? new Date(session.expiresAt).toISOString() : null,
        websocket: {
          connected: broker.streams.connected,
          subscriptions: broker.streams.subscriptionCount,
          connects: broker.streams.connects,
          heartbeat_losses: broker.streams.heartbeatLosses,
        },
      },
      obtainedAt: status.receivedAt,
    };
  },
});
