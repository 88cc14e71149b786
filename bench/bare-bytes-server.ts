/**
 * A bare Fastify route (no logger, no hooks) answering POST /tools/<any> with the bytes of a file, in a
 * process of its own: the yardstick a gateway tool is measured against. Arguments: the file, the port, and
 * optionally microseconds of busy work before each answer (the calibration of gateway-polling.bench.ts).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.argv[2] ?? '');
const busyNs = BigInt(Math.round(Number(process.argv[4] ?? 0) * 1000));
const app = Fastify();
app.post('/tools/:tool', async (_request, reply) => {
  if (busyNs > 0n) {
    const until = process.hrtime.bigint() + busyNs;
    while (process.hrtime.bigint() < until);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
process.stdout.write('listening\n');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
