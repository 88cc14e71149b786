import { computeIndicators, parseIndicatorNames, toPriceSeries } from '../../domain/indicators/indicators.js';
import {
  getConsensusHistory,
  getSingleHistory,
  type HistoricalParams,
  resolveRequest,
} from './historical.service.js';
import { exchangeParam, type MarketClients } from './market-context.js';

/** `get_indicators`: the same candles as `get_historical`, indicators computed locally (TA-Lib conventions). */

export interface IndicatorsParams extends HistoricalParams {
  indicators?: string | string[] | null;
}

export async function getIndicators(params: IndicatorsParams, clients: MarketClients) {
  const exchange = exchangeParam(params.exchange);
  const names = parseIndicatorNames(params.indicators);
  const request = resolveRequest(params);
  const history = exchange
    ? await getSingleHistory(clients, exchange, params.instrument, request)
    : await getConsensusHistory(clients, params.instrument, params.asset_class ?? 'crypto', request);
  const indicators = computeIndicators(names, toPriceSeries(history.candles));
  return {
    exchange: history.exchange,
    instrument: history.instrument,
    interval: history.interval,
    indicators,
    candles_used: history.candles.length,
    sources_used: history.sources_used,
    ...('failed_sources' in history ? { failed_sources: history.failed_sources } : {}),
    data_timestamp: history.data_timestamp,
    ...(history.testnet ? { testnet: true as const } : {}),
  };
}
