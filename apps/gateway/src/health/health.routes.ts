import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { Halt } from '../trading/risk/risk-store.js';
import type { UpstreamRegistry } from '../upstream/upstream-registry.js';

const UpstreamHealthSchema = Type.Object({
  name: Type.String(),
  environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  host: Type.String({ description: 'Which of the upstream’s hosts was probed' }),
  base_url: Type.String(),
  state: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  circuit: Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('half_open')]),
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  latency_ms: Type.Number(),
  error: Type.Union([Type.String(), Type.Null()]),
});

const HaltedSchema = Type.Object({
  environment: Type.Boolean({ description: 'The whole environment is halted' }),
  bots: Type.Integer({ description: 'How many bots are halted' }),
});

const ReadinessSchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('degraded'), Type.Literal('not_ready')]),
  profile: Type.Union([Type.Literal('sim'), Type.Literal('public')]),
  upstreams: Type.Array(UpstreamHealthSchema),
  halted: Type.Optional(
    Type.Object(
      { test: HaltedSchema, live: HaltedSchema },
      {
        description:
          'Kill switches in force (POST /admin/risk/halt): trading is refused there, reads go on; readiness is unchanged. Who and why: GET /admin/risk',
      },
    ),
  ),
});

export interface HealthDeps {
  version: string;
  profile: 'sim' | 'public';
  registry: UpstreamRegistry;
  failOnDegraded: boolean;
  /** The halts in force (the risk store); counted here, named only to a bearer at /admin/risk. */
  halts?: () => Promise<readonly Halt[]>;
}

/** Public liveness and readiness; registered at the root, outside every auth context. */
export function healthRoutes(deps: HealthDeps) {
  return async (app: App) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          operationId: 'health.live',
          summary: 'Liveness: 200 while the process runs',
          security: [],
          response: {
            200: Type.Object({ status: Type.Literal('ok'), version: Type.String(), profile: Type.String() }),
          },
        },
      },
      async () => ({ status: 'ok' as const, version: deps.version, profile: deps.profile }),
    );

    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['health'],
          operationId: 'health.ready',
          summary: 'Readiness: one probe per upstream and environment, shared by calls within READY_CACHE_MS',
          description:
            'ready: every upstream answers; degraded: some do not; not_ready: none do (503). ' +
            'Degraded answers 503 when READY_FAILS_ON_DEGRADED=true.',
          security: [],
          response: { 200: ReadinessSchema, 503: ReadinessSchema },
        },
      },
      async (_request, reply) => {
        const [readiness, halted] = await Promise.all([deps.registry.readiness(), haltedOf(deps.halts)]);
        const failing =
          readiness.status === 'not_ready' || (readiness.status === 'degraded' && deps.failOnDegraded);
        return reply
          .code(failing ? 503 : 200)
          .send({ ...readiness, profile: deps.profile, ...(halted ? { halted } : {}) });
      },
    );
  };
}

/** Halts per environment without names (the readiness answer is public); none when the store cannot be read. */
async function haltedOf(read: HealthDeps['halts']) {
  const halts = await read?.().catch(() => undefined);
  if (!halts) return undefined;
  const of = (environment: 'test' | 'live') => ({
    environment: halts.some((halt) => halt.environment === environment && halt.bot_tag === null),
    bots: halts.filter((halt) => halt.environment === environment && halt.bot_tag !== null).length,
  });
  return { test: of('test'), live: of('live') };
}
