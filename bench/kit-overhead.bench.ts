import Fastify from 'fastify';
import { createApp, createLogger } from '../packages/kit/src/index.js';
import { startTestServer } from '../packages/kit/src/testing.js';
import { type Bench, fmt, load, stamp } from './bench.js';

/** The kit app factory (request ids, error mapping, OpenAPI) against a bare Fastify route, same process, same run. */
const bench: Bench = async () => {
  const bare = Fastify();
  bare.get('/health', async () => ({ status: 'ok' }));
  const bareServer = await startTestServer(bare as never);

  const kitApp = await createApp({
    logger: createLogger({ name: 'bench', level: 'silent' }),
    disableRequestLogging: true,
    renderError: (error) => ({ detail: error.message }),
    openapi: { title: 'bench', version: '0', jsonPath: '/openapi.json', docsPath: '/docs' },
  });
  kitApp.get('/health', async () => ({ status: 'ok' }));
  const kitServer = await startTestServer(kitApp);

  const bareResult = await load(`${bareServer.url}/health`);
  const kitResult = await load(`${kitServer.url}/health`);
  await Promise.all([bareServer.close(), kitServer.close()]);

  const ratio = kitResult.requestsPerSec / bareResult.requestsPerSec;
  return `## Kit app factory overhead (${stamp()})

GET /health, 10 connections, 5 s each, autocannon in the same process.

| server | req/s | p50 ms | p99 ms |
| --- | ---: | ---: | ---: |
| bare Fastify | ${fmt(bareResult.requestsPerSec)} | ${bareResult.p50} | ${bareResult.p99} |
| kit createApp | ${fmt(kitResult.requestsPerSec)} | ${kitResult.p50} | ${kitResult.p99} |

Kit throughput is ${fmt(ratio * 100)} % of bare Fastify.`;
};
export default bench;
