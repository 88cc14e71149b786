import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { CredentialHandle } from '../../upstream/credentials.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamBadResponse, upstreamStatusError } from '../../upstream/upstream-errors.js';
import type { UpstreamHttp, UpstreamResponse } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy } from '../provider-answer.js';
import { CONTRACT_CODE, type CotReport } from './cot-markets.js';
import { cotReleaseMs } from './cot-release.js';
import { CotFormatError, type CotRow, parseCotRows } from './cot-rows.js';

/** Socrata resource ids of the COT datasets (notes U4.1). */
export const COT_DATASETS: Record<CotReport, { futures: string; combined: string }> = {
  tff: { futures: 'gpe5-46if', combined: 'yw9f-hn96' },
  disaggregated: { futures: '72hh-3qpy', combined: 'kh3c-gbw2' },
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Held until the next Friday release plus 30 minutes, at most 6 h (notes U4.5). */
export function cotCacheTtlMs(nowMs: number): number {
  let day = Math.floor(nowMs / DAY_MS);
  while (new Date(day * DAY_MS).getUTCDay() !== 5 || cotReleaseMs(day) <= nowMs) day++;
  return Math.max(60_000, Math.min(6 * HOUR_MS, cotReleaseMs(day) + 30 * 60_000 - nowMs));
}

function unwrap(response: UpstreamResponse, what: string): unknown {
  if (response.status !== 200) throw upstreamStatusError('cftc', response, what);
  return response.body;
}

/**
 * CFTC's Public Reporting Environment (Socrata SODA, notes macro.md U4): the latest `weeks` reports of
 * several markets of one dataset in one query (`IN (…)`, newest first), sent with the optional app token
 * (`CFTC_CREDENTIALS_FILE`, field `app_token`).
 */
export class CftcClient {
  readonly #call: VenueCall;

  constructor(
    http: UpstreamHttp,
    private readonly credentials: CredentialHandle | undefined,
    cache?: UpstreamCache,
  ) {
    this.#call = new VenueCall(http, unwrap, cache);
  }

  /** Rows of the markets (by code) newest first, up to `weeks` per market; codes checked before use. */
  async reports(
    toolCall: CallDeadline,
    report: CotReport,
    combined: boolean,
    codes: readonly string[],
    weeks: number,
    nowMs: number,
  ): Promise<Fetched<CotRow[]>> {
    for (const code of codes) if (!CONTRACT_CODE.test(code)) throw new Error(`not a contract code: ${code}`);
    const dataset = COT_DATASETS[report][combined ? 'combined' : 'futures'];
    const token = this.credentials?.current();
    const list = codes.map((code) => `'${code}'`).join(',');
    const what = `${report} reports of ${codes.join(', ')}`;
    const fetched = await this.#call.send(
      toolCall,
      {
        method: 'GET',
        path: `/resource/${dataset}.json`,
        query: {
          $where: `cftc_contract_market_code IN (${list})`,
          $order: 'report_date_as_yyyy_mm_dd DESC',
          $limit: weeks * codes.length,
        },
        headers: { accept: 'application/json', ...(token ? { 'x-app-token': token.get('app_token') } : {}) },
        idempotent: true,
      },
      what,
      (body) => {
        try {
          return parseCotRows(body, report);
        } catch (error) {
          if (error instanceof CotFormatError)
            throw upstreamBadResponse('cftc', 'live', `${what}: ${error.message}`);
          throw error;
        }
      },
      {
        key: `${dataset}:${[...codes].sort().join(',')}:${weeks}`,
        policy: providerPolicy(cotCacheTtlMs(nowMs)),
      },
    );
    return { ...fetched, native: null };
  }
}
