import type { Interval } from '../../domain/intervals.js';
import type { UpstreamRequest } from '../../upstream/upstream-types.js';

/** Pure builders of the Hyperliquid `POST /info` bodies the common interface sends (notes §4). */

export const PERPDEX_BASE_URLS = {
  test: 'https://api.hyperliquid-testnet.xyz',
  live: 'https://api.hyperliquid.xyz',
} as const;

/** Candles per candleSnapshot call: under the 5000 cap with a margin (notes §4.6). */
export const PERPDEX_MAX_BARS_PER_CALL = 4900;

/** The six gateway intervals exist 1:1 on Hyperliquid. */
export const PERPDEX_INTERVAL: Record<Interval, string> = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '1h': '1h',
  '4h': '4h',
  '1d': '1d',
};

const info = (body: Record<string, unknown>): UpstreamRequest => ({
  method: 'POST',
  path: '/info',
  body,
  headers: { 'content-type': 'application/json' },
  idempotent: true,
});

export const metaRequest = () => info({ type: 'meta' });
export const metaAndAssetCtxsRequest = () => info({ type: 'metaAndAssetCtxs' });
export const allMidsRequest = () => info({ type: 'allMids' });

/** `startTime`/`endTime` in epoch ms; the reply includes the candles containing both bounds. */
export const candleSnapshotRequest = (params: {
  coin: string;
  interval: Interval;
  startMs: number;
  endMs: number;
}) =>
  info({
    type: 'candleSnapshot',
    req: {
      coin: params.coin,
      interval: PERPDEX_INTERVAL[params.interval],
      startTime: params.startMs,
      endTime: params.endMs,
    },
  });

export const l2BookRequest = (coin: string, nSigFigs: number | null = null) =>
  info({ type: 'l2Book', coin, nSigFigs });
export const recentTradesRequest = (coin: string) => info({ type: 'recentTrades', coin });
export const fundingHistoryRequest = (coin: string, startTime: number, endTime?: number) =>
  info({ type: 'fundingHistory', coin, startTime, ...(endTime === undefined ? {} : { endTime }) });
export const predictedFundingsRequest = () => info({ type: 'predictedFundings' });
export const spotMetaAndAssetCtxsRequest = () => info({ type: 'spotMetaAndAssetCtxs' });

/** Account queries take the master account's address, never the agent's (notes §8). */
export const userRequest = (
  type: 'clearinghouseState' | 'frontendOpenOrders' | 'userFills' | 'userFees',
  user: string,
) => info({ type, user: user.toLowerCase() });
export const orderStatusRequest = (user: string, oid: number | string) =>
  info({ type: 'orderStatus', user: user.toLowerCase(), oid });
