import type { FastifyReply } from 'fastify';

/** IBKR's error body: `{"error": "<text>", "statusCode": <n>}` (notes §4.3). */
export const ibkrError = (reply: FastifyReply, status: number, error: string) =>
  reply.code(status).send({ error, statusCode: status });

/** `/iserver/*` before `ssodh/init`: 400 "no bridge" (§3.7). */
export const noBridge = (reply: FastifyReply) => ibkrError(reply, 400, 'Bad Request: no bridge');

/** Snapshots and order calls before `/iserver/accounts` (§5 prerequisites). */
export const accountsFirst = (reply: FastifyReply) => ibkrError(reply, 400, 'Please query /accounts first');
