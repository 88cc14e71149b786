import { loadavg } from 'node:os';
import Fastify from 'fastify';
import { startTestServer } from '../packages/kit/src/testing.js';
import { type Bench, fmt, load, stamp } from './bench.js';
import { seedRecipe, startService } from './measure-support.js';

/**
 * GET /api/recipes/{id} (API-key look-up, recipe, current version, 3 tasks × 10 subtasks, response schema)
 * next to a bare Fastify route answering the same JSON from memory, in the same run.
 */
const bench: Bench = async () => {
  const service = await startService('sqlite');
  try {
    const { recipeId } = await seedRecipe(service);
    await service.call('POST', `/api/recipes/${recipeId}/tasks`, { title: 'Second' });
    await service.call('POST', `/api/recipes/${recipeId}/tasks`, { title: 'Third' });
    const url = `${service.server.url}/api/recipes/${recipeId}`;
    const sample = (await service.call('GET', `/api/recipes/${recipeId}`)).body;

    const bare = Fastify();
    bare.get('/recipe', async () => sample);
    const bareServer = await startTestServer(bare as never);
    try {
      const bareResult = await load(`${bareServer.url}/recipe`);
      const appResult = await load(url, { headers: { 'x-api-key': service.key } });
      const ratio = appResult.requestsPerSec / bareResult.requestsPerSec;
      return `## Measurement GET /api/recipes/{id} (${stamp()})

10 connections, 5 s each, autocannon in the same process as the servers; SQLite. Load average at the end: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(
          ' / ',
        )} (the machine is shared; figures move with it). The bare route returns the same recipe JSON (${fmt(JSON.stringify(sample).length)} bytes) from memory.

| server | req/s | p50 ms | p99 ms | errors |
| --- | ---: | ---: | ---: | ---: |
| bare Fastify, same JSON from memory | ${fmt(bareResult.requestsPerSec)} | ${bareResult.p50} | ${bareResult.p99} | ${bareResult.errors} |
| measurement service | ${fmt(appResult.requestsPerSec)} | ${appResult.p50} | ${appResult.p99} | ${appResult.errors} |

The service answers at ${fmt(ratio * 100)} % of the bare route's rate: each request passes the rate limiter (in-memory sliding log, limits raised out of reach), looks up the API key (SHA-256, unique index) and then the recipe, its current version, its tasks and its subtasks: five queries.`;
    } finally {
      await bareServer.close();
    }
  } finally {
    await service.close();
  }
};
export default bench;
