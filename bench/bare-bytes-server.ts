/**
 * A bare Fastify route (no logger, no hooks) answering POST /tools/<any> with the bytes of a file, in a
 * process of its own: the yardstick a gateway tool is measured against. Arguments: the file, the port.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.argv[2] ?? '');
const app = Fastify();
app.post('/tools/:tool', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
process.stdout.write('listening\n');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
