import { AppError } from '@app/kit';

/** The account before an order and what the order adds, all in the account's quote currency. */
export interface Exposure {
  /** Account equity (net liquidation value). */
  equity: number;
  /** Sum of the absolute notional of open positions. */
  current_notional: number;
  /** Absolute notional the order would add; zero or negative for an order that only reduces exposure. */
  added_notional: number;
}

/**
 * The GUIDE's leverage cap, run by trading tools before anything is sent
 * upstream. An order that only reduces exposure always passes, so a bot can
 * de-risk an account that is already over its cap. Throws 422
 * LEVERAGE_CAP_EXCEEDED; `details.risk_check` marks it as a risk refusal for
 * the audit trail.
 */
export function checkLeverageCap(venue: string, cap: number, exposure: Exposure): void {
  const { equity, current_notional, added_notional } = exposure;
  if (![equity, current_notional, added_notional].every(Number.isFinite)) {
    throw new AppError(500, 'RISK_INPUT_INVALID', `Leverage check for ${venue} got a non-finite number`);
  }
  if (added_notional <= 0) return;
  const resulting = equity > 0 ? (current_notional + added_notional) / equity : Number.POSITIVE_INFINITY;
  if (resulting <= cap) return;
  throw new AppError(
    422,
    'LEVERAGE_CAP_EXCEEDED',
    `Order would take ${venue} leverage to ${Number.isFinite(resulting) ? resulting.toFixed(2) : 'infinity'}x, above the cap of ${cap}x`,
    {
      details: {
        risk_check: 'leverage_cap',
        venue,
        cap,
        equity,
        current_notional,
        added_notional,
        resulting_leverage: Number.isFinite(resulting) ? resulting : null,
      },
    },
  );
}
