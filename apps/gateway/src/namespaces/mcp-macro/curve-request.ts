import { AppError, isAppError, unprocessable } from '@app/kit';
import { newYorkTimeMs } from '../../domain/new-york-time.js';
import { type DatedCurve, TENORS, type Tenor } from '../../domain/yield-curve.js';
import type { ToolContext } from '../../tools/tool.js';
import type { Fetched } from '../../venues/venue-call.js';
import { errorText } from '../mcp/failed-sources.js';
import { fredCurves } from './fred-curve.js';
import type { MacroClients } from './macro-tool.js';
import { type FailedDataSource, noSourceLeft } from './sources.js';

/** Curves with where they came from: Treasury's feed, or FRED's DGS* series while the feed fails. */
export type CurveRead = Fetched<DatedCurve[]> & {
  source: 'us_treasury_xml' | 'fred_dgs';
  failed: FailedDataSource[];
};

const FIRST_CURVE = '1990-01-02';

/** The curve's quote time: Treasury collects the closing bid quotes around 15:30 New York (notes U3.3). */
export const curveAsOfMs = (date: string) => newYorkTimeMs(date, 15, 30);

/** Every tenor, null where the curve lacks it: the tools' fixed shape. */
export function fullCurve(yields: DatedCurve['yields']): Record<Tenor, number | null> {
  return Object.fromEntries(TENORS.map((tenor) => [tenor, yields[tenor] ?? null])) as Record<
    Tenor,
    number | null
  >;
}

/**
 * The last `count` curves on or before the caller's `date` (default today on the gateway's clock). A day
 * after today or before the feed's first is a 422 naming `date`. When Treasury fails (and nothing cached
 * stands in) the curves come from FRED's DGS* series, with Treasury in `failed`; both failing is a 502.
 */
export async function curvesFor(
  date: string | undefined,
  count: number,
  context: ToolContext<MacroClients>,
): Promise<CurveRead> {
  const today = new Date(context.now()).toISOString().slice(0, 10);
  if (date !== undefined && date > today)
    throw unprocessable(`date: ${date} is in the future (today is ${today})`, 'INVALID_DATE', {
      field: 'date',
    });
  if (date !== undefined && date < FIRST_CURVE)
    throw unprocessable(`date: the feed begins on ${FIRST_CURVE}`, 'INVALID_DATE', { field: 'date' });
  const until = date ?? today;
  let fetched: CurveRead;
  try {
    const read = await context.clients.treasury.curvesUntil(context, until, count, Number(today.slice(0, 4)));
    fetched = { ...read, source: 'us_treasury_xml', failed: [] };
  } catch (error) {
    if (!isAppError(error) || (error.status < 500 && error.status !== 429)) throw error;
    fetched = await fromFred(until, count, context, { source: 'treasury', error: errorText(error) }, error);
  }
  if (fetched.data.length === 0)
    throw new AppError(502, 'UPSTREAM_NO_DATA', `no curve was published on or before ${until}`, {
      retryable: true,
      details: { upstream: fetched.source === 'fred_dgs' ? 'fred' : 'treasury' },
    });
  return fetched;
}

async function fromFred(
  until: string,
  count: number,
  context: ToolContext<MacroClients>,
  treasuryFailure: FailedDataSource,
  treasuryError: unknown,
): Promise<CurveRead> {
  const { curves, gathered } = await fredCurves(until, count, context);
  gathered.failed.unshift(treasuryFailure);
  gathered.errors.unshift(treasuryError);
  if (gathered.results.size === 0)
    throw noSourceLeft('neither Treasury nor FRED could give the curve', gathered);
  const received = [...gathered.results.values()].map((result) => result.receivedAt);
  return {
    data: curves,
    native: null,
    receivedAt: Math.min(...received),
    ...(gathered.stale ? { stale: true as const } : {}),
    source: 'fred_dgs',
    failed: gathered.failed,
  };
}
