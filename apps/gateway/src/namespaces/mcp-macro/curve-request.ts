import { AppError, unprocessable } from '@app/kit';
import { newYorkTimeMs } from '../../domain/new-york-time.js';
import { type DatedCurve, TENORS, type Tenor } from '../../domain/yield-curve.js';
import type { ToolContext } from '../../tools/tool.js';
import type { Fetched } from '../../venues/venue-call.js';
import type { MacroClients } from './macro-tool.js';

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
 * after today or before the feed's first is a 422 naming `date`; no curve at all means the source answered
 * an empty feed for years on end, which it never does: a 502.
 */
export async function curvesFor(
  date: string | undefined,
  count: number,
  context: ToolContext<MacroClients>,
): Promise<Fetched<DatedCurve[]>> {
  const today = new Date(context.now()).toISOString().slice(0, 10);
  if (date !== undefined && date > today)
    throw unprocessable(`date: ${date} is in the future (today is ${today})`, 'INVALID_DATE', {
      field: 'date',
    });
  if (date !== undefined && date < FIRST_CURVE)
    throw unprocessable(`date: the feed begins on ${FIRST_CURVE}`, 'INVALID_DATE', { field: 'date' });
  const fetched = await context.clients.treasury.curvesUntil(date ?? today, count, Number(today.slice(0, 4)));
  if (fetched.data.length === 0)
    throw new AppError(502, 'UPSTREAM_NO_DATA', `treasury published no curve on or before ${date ?? today}`, {
      retryable: true,
      details: { upstream: 'treasury' },
    });
  return fetched;
}
