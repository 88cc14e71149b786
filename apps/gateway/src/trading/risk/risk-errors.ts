import { AppError } from '@app/kit';

/**
 * The catalogue of pre-trade risk refusals (docs/architecture.md, "Risk"). Every refusal is an AppError whose
 * `details.risk_check` names the check, with the limit, its value and the order's figure, so an audit record
 * and a bot read the same facts. Nothing was sent to the venue when one of these is thrown.
 */
export const RISK_CODES = [
  'LEVERAGE_CAP_EXCEEDED',
  'PRICE_COLLAR',
  'PRICE_UNKNOWN',
  'ORDER_NOTIONAL_LIMIT',
  'POSITION_LIMIT',
  'OPEN_ORDERS_LIMIT',
  'ORDER_RATE_LIMIT',
  'DAILY_LOSS_LIMIT',
  'TRADING_HALTED',
  'VENUE_NOT_ALLOWED',
  'INSTRUMENT_NOT_ALLOWED',
  'EXPOSURE_STORE_UNAVAILABLE',
  'EXPOSURE_STORE_BUSY',
] as const;

export type RiskCode = (typeof RISK_CODES)[number];

/** What the check was, the limit it applies and the figures it compared (all in the account's quote currency). */
export interface RiskDetails {
  risk_check: string;
  [figure: string]: unknown;
}

const STATUS: Record<RiskCode, number> = {
  LEVERAGE_CAP_EXCEEDED: 422,
  PRICE_COLLAR: 422,
  PRICE_UNKNOWN: 503,
  ORDER_NOTIONAL_LIMIT: 422,
  POSITION_LIMIT: 422,
  OPEN_ORDERS_LIMIT: 422,
  ORDER_RATE_LIMIT: 429,
  DAILY_LOSS_LIMIT: 403,
  TRADING_HALTED: 403,
  VENUE_NOT_ALLOWED: 403,
  INSTRUMENT_NOT_ALLOWED: 403,
  EXPOSURE_STORE_UNAVAILABLE: 503,
  EXPOSURE_STORE_BUSY: 503,
};

/** Retryable ones may pass later without the caller changing anything (a window slides, a price appears). */
const RETRYABLE = new Set<RiskCode>([
  'PRICE_UNKNOWN',
  'ORDER_RATE_LIMIT',
  'EXPOSURE_STORE_UNAVAILABLE',
  'EXPOSURE_STORE_BUSY',
]);

export function riskRefusal(
  code: RiskCode,
  message: string,
  details: RiskDetails,
  headers?: Record<string, string>,
  cause?: unknown,
): AppError {
  return new AppError(STATUS[code], code, message, {
    retryable: RETRYABLE.has(code),
    details,
    ...(headers ? { headers } : {}),
    ...(cause === undefined ? {} : { cause }),
  });
}

/** Whether an error is a pre-trade risk refusal (nothing was sent). */
export const isRiskRefusal = (error: AppError): boolean => typeof error.details?.risk_check === 'string';
