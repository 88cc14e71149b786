import { type App, AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { AuditLog } from '../audit/audit-log.js';
import { ErrorEnvelopeRef } from '../tools/tool-schemas.js';
import type { UpstreamRegistry } from '../upstream/upstream-registry.js';
import { credentialsVariable } from '../upstream/upstream-variables.js';
import { brokerUpstream } from '../venues/ibkr/ibkr.upstream.js';
import { foldersOf, IbkrRotation } from '../venues/ibkr/ibkr-rotation.js';

const RotationAnswer = Type.Object(
  {
    env: Type.Union([Type.Literal('paper'), Type.Literal('live')]),
    result: Type.Union([Type.Literal('swapped'), Type.Literal('rolled_back')]),
    stages: Type.Array(
      Type.Object({ stage: Type.String(), ok: Type.Boolean(), error: Type.Optional(Type.String()) }),
    ),
  },
  {
    examples: [
      {
        env: 'paper',
        result: 'swapped',
        stages: [
          { stage: 'staged_check', ok: true },
          { stage: 'online_validation', ok: true },
          { stage: 'swap', ok: true },
          { stage: 'post_swap_check', ok: true },
        ],
      },
    ],
  },
);

/**
 * `POST /admin/ibkr/rotate-keys/confirm?env=paper|live` (notes §7): swaps the broker credential set of one
 * environment for the staged one beside it, with automatic rollback. Bearer required; the token's own
 * environment is not a restriction (an operator rotates either). Every stage goes to the audit trail.
 */
export function ibkrRotationRoutes(options: {
  registry: UpstreamRegistry;
  audit: AuditLog;
  dataDir: string;
  credentialFiles: Record<string, string | undefined>;
}) {
  const rotation = new IbkrRotation();
  return async (app: App) => {
    app.post(
      '/admin/ibkr/rotate-keys/confirm',
      {
        schema: {
          tags: ['admin'],
          operationId: 'admin.ibkrRotateKeys',
          summary:
            'Swap the broker (IBKR) credential set of one environment for the staged set, rolling back on failure',
          description:
            'The staged set is `<active folder>.staged/` (credentials.json with private_signature.pem, private_encryption.pem, dhparam.pem or dh_prime); the active folder is the one BROKER_<ENV>_CREDENTIALS_FILE names, or `DATA_DIR/ibkr/<env>` when the set came from the simulator. Checked offline, validated online (LST mint and one signed read) without touching the active session, swapped under the auth lock (calls during the swap wait), checked after the swap, rolled back on any failure after the swap. 422 when the staged set fails its checks or validation (the active set stays untouched), 409 while another rotation of the environment runs.',
          security: [{ bearerAuth: [] }],
          querystring: Type.Object(
            { env: Type.Union([Type.Literal('paper'), Type.Literal('live')]) },
            { additionalProperties: false, examples: [{ env: 'paper' }] },
          ),
          response: { 200: RotationAnswer, '4xx': ErrorEnvelopeRef },
        },
      },
      async (request) => {
        const caller = request.gatewayCaller;
        if (!caller) throw new AppError(500, 'INTERNAL_ERROR', 'Rotation route reached without a caller');
        const env = (request.query as { env: 'paper' | 'live' }).env;
        const environment = env === 'paper' ? 'test' : 'live';
        if (!options.registry.has('broker'))
          throw new AppError(
            404,
            'UPSTREAM_NOT_CONFIGURED',
            'the broker upstream is not part of this gateway',
          );
        const connection = options.registry.connection('broker', environment);
        const variable = credentialsVariable(brokerUpstream, environment);
        const folders = foldersOf(options.credentialFiles[variable], options.dataDir, env);
        const outcome = await rotation.rotate({
          connection,
          store: options.registry.credentials,
          folders,
          audit: async (stage) => {
            await options.audit.append({
              event: 'result',
              request_id: request.id,
              client_request_id: null,
              actor: caller.actor,
              bot_tag: 'admin',
              exchange: 'broker',
              namespace: 'admin',
              action: 'rotate_keys',
              environment,
              params: { env, stage: stage.stage },
              outcome: stage.ok ? 'ok' : 'failed',
              idempotency_key: null,
              client_order_id: null,
              upstream_ids: [],
              error: stage.ok
                ? null
                : { code: 'ROTATION_STAGE_FAILED', message: stage.error ?? '', status: 422 },
            });
          },
        });
        return { env, ...outcome };
      },
    );
  };
}
