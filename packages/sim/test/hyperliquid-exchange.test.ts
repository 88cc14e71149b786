import { signL1Action } from '@nktkas/hyperliquid/signing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perpdex, type RunningSimulator, startSimulator } from '../src/index.js';

/** The simulator's `/exchange` checks, with signatures made by the community SDK's signing module (notes §9, §10, §14). */

let running: RunningSimulator;
beforeAll(async () => {
  running = await startSimulator(perpdex, { limits: { enabled: false } });
});
afterAll(() => running.close());

const instance = () => running.test;
const agent = () => privateKeyToAccount(instance().credentials!.agent_private_key as `0x${string}`);
const account = () => instance().credentials!.account_address;

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${instance().url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: response.headers.get('content-type')?.includes('json')
      ? await response.json()
      : await response.text(),
  };
};

const restingOrder = (cloid: string) => ({
  type: 'order',
  orders: [{ a: 1, b: true, p: '1000', s: '0.02', r: false, t: { limit: { tif: 'Gtc' } }, c: cloid }],
  grouping: 'na',
});

let nonce = Date.now();
async function send(options: {
  action: Record<string, unknown>;
  signed?: Record<string, unknown>;
  wallet?: ReturnType<typeof agent>;
  isTestnet?: boolean;
  nonce?: number;
}) {
  const used = options.nonce ?? ++nonce;
  const signature = await signL1Action({
    wallet: options.wallet ?? agent(),
    action: options.signed ?? options.action,
    nonce: used,
    isTestnet: options.isTestnet ?? true,
  });
  return post('/exchange', {
    action: options.action,
    nonce: used,
    signature,
    vaultAddress: null,
    expiresAfter: null,
  });
}

const recovered = (body: unknown) =>
  /^User or API Wallet (0x[0-9a-f]{40}) does not exist\.$/.exec((body as { response: string }).response)?.[1];

describe('perpdex simulator /exchange', () => {
  it('accepts an agent-signed order, rests it on the core and reports it by cloid', async () => {
    const cloid = '0x0000000000000000000000000000a001';
    const answer = await send({ action: restingOrder(cloid) });
    expect(answer.body).toMatchObject({
      status: 'ok',
      response: { type: 'order', data: { statuses: [{ resting: { cloid } }] } },
    });
    const status = await post('/info', { type: 'orderStatus', user: account(), oid: cloid });
    expect(status.body).toMatchObject({
      status: 'order',
      order: { status: 'open', order: { cloid, coin: 'ETH', side: 'B' } },
    });
    const cancelled = await send({ action: { type: 'cancelByCloid', cancels: [{ asset: 1, cloid }] } });
    expect(cancelled.body).toEqual({
      status: 'ok',
      response: { type: 'cancel', data: { statuses: ['success'] } },
    });
    expect((await post('/info', { type: 'orderStatus', user: account(), oid: cloid })).body).toMatchObject({
      order: { status: 'canceled' },
    });
  });

  it('recovers another address for an action signed in another key order', async () => {
    const action = restingOrder('0x0000000000000000000000000000a002');
    const reordered = { grouping: action.grouping, type: action.type, orders: action.orders };
    const answer = await send({ action, signed: reordered });
    expect(recovered(answer.body)).toMatch(/^0x/);
    expect(recovered(answer.body)).not.toBe(agent().address.toLowerCase());
  });

  it('recovers another address for a signature made for the other network', async () => {
    const answer = await send({
      action: restingOrder('0x0000000000000000000000000000a003'),
      isTestnet: false,
    });
    expect(recovered(answer.body)).not.toBe(agent().address.toLowerCase());
  });

  it('refuses a reused nonce and a stale one with the venue messages', async () => {
    const used = ++nonce;
    await send({ action: { type: 'noop' }, nonce: used });
    expect((await send({ action: { type: 'noop' }, nonce: used })).body).toEqual({
      status: 'err',
      response: `Invalid nonce: duplicate nonce ${used}`,
    });
    const stale = await send({ action: { type: 'noop' }, nonce: 1_234_567_890 });
    expect((stale.body as { response: string }).response).toMatch(
      /^Invalid nonce: nonce too low 1234567890 < \d+$/,
    );
  });

  it('refuses a key that is no approved agent, naming the recovered address', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const answer = await send({
      action: restingOrder('0x0000000000000000000000000000a004'),
      wallet: stranger,
    });
    expect(answer.body).toEqual({
      status: 'err',
      response: `User or API Wallet ${stranger.address.toLowerCase()} does not exist.`,
    });
  });

  it('answers per-order errors: invalid price, minimum value, Alo that would cross', async () => {
    const book = (await post('/info', { type: 'l2Book', coin: 'ETH' })).body as {
      levels: { px: string }[][];
    };
    // an order carries canonical wire numbers (no trailing zeros, notes section 5): the book may say "4455.0"
    const ask = String(Number(book.levels[1]![0]!.px));
    const answer = await send({
      action: {
        type: 'order',
        orders: [
          { a: 1, b: true, p: '1000.05', s: '0.02', r: false, t: { limit: { tif: 'Gtc' } } },
          { a: 1, b: true, p: '1000', s: '0.001', r: false, t: { limit: { tif: 'Gtc' } } },
          { a: 1, b: true, p: ask, s: '0.01', r: false, t: { limit: { tif: 'Alo' } } },
        ],
        grouping: 'na',
      },
    });
    const statuses = (answer.body as { response: { data: { statuses: { error: string }[] } } }).response.data
      .statuses;
    expect(statuses[0]).toEqual({ error: 'Order has invalid price.' });
    expect(statuses[1]).toEqual({ error: 'Order must have minimum value of $10.' });
    expect(statuses[2]!.error).toMatch(
      /^Post only order would have immediately matched, bbo was [\d.]+@[\d.]+\. asset=1$/,
    );
  });

  it('normalTpsl: the TP and SL children wait for the entry, then cancel each other once it filled', async () => {
    const child = (tpsl: 'tp' | 'sl', trigger: string) => ({
      a: 1,
      b: false,
      p: '100',
      s: '0.01',
      r: true,
      t: { trigger: { isMarket: true, triggerPx: trigger, tpsl } },
    });
    const entry = { a: 1, b: true, p: '1500', s: '0.01', r: false, t: { limit: { tif: 'Gtc' } } };
    const answer = await send({
      action: {
        type: 'order',
        orders: [entry, child('tp', '9000'), child('sl', '1000')],
        grouping: 'normalTpsl',
      },
    });
    const statuses = (answer.body as { response: { data: { statuses: unknown[] } } }).response.data.statuses;
    expect(statuses[0]).toMatchObject({ resting: { oid: expect.any(Number) } });
    expect(statuses.slice(1)).toEqual(['waitingForFill', 'waitingForFill']);
    const oid = (statuses[0] as { resting: { oid: number } }).resting.oid;
    await send({ action: { type: 'cancel', cancels: [{ a: 1, o: oid }] } });
  });

  it('answers a body that does not deserialize with 422 and plain text', async () => {
    const answer = await post('/exchange', {
      action: { type: 'teleport' },
      nonce: 1,
      signature: { r: '0x1', s: '0x1', v: 27 },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatch(/^Failed to deserialize the JSON body into the target type/);
  });

  it('settles funding on the hour: the position pays or receives the hourly rate times its oracle value', async () => {
    const filled = await send({
      action: {
        type: 'order',
        orders: [{ a: 0, b: true, p: '200000', s: '0.01', r: false, t: { limit: { tif: 'Ioc' } } }],
        grouping: 'na',
      },
    });
    expect(filled.body).toMatchObject({
      response: { data: { statuses: [{ filled: { totalSz: '0.01' } }] } },
    });
    const funding = async () => {
      const state = (await post('/info', { type: 'clearinghouseState', user: account() })).body as {
        assetPositions: { position: { coin: string; cumFunding: { allTime: string } } }[];
      };
      return Number(state.assetPositions.find((p) => p.position.coin === 'BTC')!.position.cumFunding.allTime);
    };
    const before = await funding();
    const now = instance().clock.now();
    const nextHour = Math.ceil((now + 1) / 3_600_000) * 3_600_000;
    instance().clock.set(nextHour + 1_000);
    const history = (await post('/info', { type: 'fundingHistory', coin: 'BTC', startTime: nextHour }))
      .body as {
      fundingRate: string;
      time: number;
    }[];
    expect(history.map((row) => row.time)).toEqual([nextHour]);
    const rate = Number(history[0]!.fundingRate);
    const paid = (await funding()) - before;
    expect(paid).not.toBe(0);
    // 0.01 BTC at an oracle near 95 000: the payment is the hourly rate on about 950 USD, with its sign.
    expect(Math.sign(paid)).toBe(Math.sign(rate));
    expect(Math.abs(paid / rate)).toBeGreaterThan(500);
    expect(Math.abs(paid / rate)).toBeLessThan(2_000);
  });
});
