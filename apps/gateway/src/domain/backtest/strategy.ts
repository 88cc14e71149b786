import { unprocessable } from '@app/kit';

/**
 * Strategies as data (run_backtest): four built-ins and a small rule form. Each decides, on a bar's close,
 * the position to hold from the next bar's open: +1 long, −1 short, 0 flat.
 *
 * - `sma_cross` {fast, slow}: long while SMA(fast) > SMA(slow), short while below.
 * - `macd_cross` {fast, slow, signal}: long while the MACD line is above its signal line, short while below.
 * - `rsi_reversion` {period, lower, upper}: enter long when RSI < lower, leave it when RSI > upper; enter
 *   short when RSI > upper, leave it when RSI < lower.
 * - `breakout` {lookback}: long when the close exceeds the highest high of the previous `lookback` bars,
 *   short when it falls below their lowest low; a long is left on the short signal and vice versa.
 * - `rules` {entry, exit}: enter (long, or short when direction is short) when `entry` holds, leave when
 *   `exit` holds; each is {all: [...]} or {any: [...]} of comparisons between operands.
 */
export type Operand =
  | number
  | { price: 'open' | 'high' | 'low' | 'close' }
  | { indicator: 'sma' | 'ema' | 'rsi'; period: number }
  | { indicator: 'macd' | 'macd_signal' | 'macd_histogram'; fast?: number; slow?: number; signal?: number };

/** The MACD operand's own periods (12/26/9 when omitted). */
export type MacdOperand = { fast?: number; slow?: number; signal?: number };

export interface Comparison {
  left: Operand;
  op: '>' | '<' | '>=' | '<=' | 'crosses_above' | 'crosses_below';
  right: Operand;
}

export type Condition = { all: Comparison[] } | { any: Comparison[] };

export type Strategy =
  | { type: 'sma_cross'; fast: number; slow: number }
  | { type: 'macd_cross'; fast: number; slow: number; signal: number }
  | { type: 'rsi_reversion'; period: number; lower: number; upper: number }
  | { type: 'breakout'; lookback: number }
  | { type: 'rules'; entry: Condition; exit: Condition };

export type Direction = 'long' | 'short' | 'both';

const invalid = (field: string, message: string) =>
  unprocessable(`${field}: ${message}`, 'INVALID_STRATEGY', { field });

function positiveInt(value: unknown, field: string, max = 10_000): number {
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > max)
    throw invalid(field, `must be an integer from 1 to ${max}`);
  return value as number;
}

const INDICATORS = ['sma', 'ema', 'rsi', 'macd', 'macd_signal', 'macd_histogram'];
const PRICES = ['open', 'high', 'low', 'close'];

/** Bars an operand needs before its first value (0 for prices and constants). */
function operandWarmup(operand: Operand, field: string): number {
  if (typeof operand === 'number') {
    if (!Number.isFinite(operand)) throw invalid(field, 'must be a finite number');
    return 0;
  }
  if (operand && typeof operand === 'object' && 'price' in operand) {
    if (!PRICES.includes(operand.price))
      throw invalid(`${field}.price`, `must be one of ${PRICES.join(', ')}`);
    return 0;
  }
  if (
    !operand ||
    typeof operand !== 'object' ||
    !('indicator' in operand) ||
    !INDICATORS.includes(operand.indicator)
  )
    throw invalid(`${field}.indicator`, `unknown indicator; one of ${INDICATORS.join(', ')}`);
  if (operand.indicator === 'sma' || operand.indicator === 'ema')
    return positiveInt(operand.period, `${field}.period`) - 1;
  if (operand.indicator === 'rsi') {
    const period = positiveInt(operand.period, `${field}.period`);
    if (period < 2) throw invalid(`${field}.period`, 'must be at least 2');
    return period;
  }
  const { slow, signal } = macdParams(operand as MacdOperand, field);
  return slow + signal - 2;
}

export function macdParams(operand: MacdOperand, field: string) {
  const fast = positiveInt(operand.fast ?? 12, `${field}.fast`);
  const slow = positiveInt(operand.slow ?? 26, `${field}.slow`);
  const signal = positiveInt(operand.signal ?? 9, `${field}.signal`);
  if (slow <= fast) throw invalid(`${field}.slow`, 'must be greater than fast');
  return { fast, slow, signal };
}

function conditionWarmup(condition: Condition, field: string): number {
  const list =
    condition && 'all' in condition ? condition.all : condition && 'any' in condition ? condition.any : null;
  const key = condition && 'all' in condition ? 'all' : 'any';
  if (!Array.isArray(list) || list.length === 0 || list.length > 16)
    throw invalid(field, 'must be {all: [...]} or {any: [...]} with 1 to 16 comparisons');
  let warmup = 0;
  list.forEach((comparison, i) => {
    const at = `${field}.${key}[${i}]`;
    if (!['>', '<', '>=', '<=', 'crosses_above', 'crosses_below'].includes(comparison?.op))
      throw invalid(`${at}.op`, 'must be one of >, <, >=, <=, crosses_above, crosses_below');
    const cross = comparison.op.startsWith('crosses') ? 1 : 0;
    warmup = Math.max(
      warmup,
      operandWarmup(comparison.left, `${at}.left`) + cross,
      operandWarmup(comparison.right, `${at}.right`) + cross,
    );
  });
  return warmup;
}

/**
 * Checks a strategy (422 INVALID_STRATEGY naming the field: unknown type or indicator, slow ≤ fast,
 * thresholds out of range) and returns its warm-up: bars before the first possible signal.
 */
export function strategyWarmup(strategy: Strategy, direction: Direction): number {
  const s = strategy as Strategy & Record<string, unknown>;
  switch (s.type) {
    case 'sma_cross': {
      positiveInt(s.fast, 'strategy.fast');
      if (positiveInt(s.slow, 'strategy.slow') <= s.fast)
        throw invalid('strategy.slow', 'must be greater than fast');
      return s.slow - 1;
    }
    case 'macd_cross': {
      const { slow, signal } = macdParams(s, 'strategy');
      return slow + signal - 2;
    }
    case 'rsi_reversion': {
      if (positiveInt(s.period, 'strategy.period') < 2)
        throw invalid('strategy.period', 'must be at least 2');
      if (!(typeof s.lower === 'number' && s.lower > 0 && s.lower < 100))
        throw invalid('strategy.lower', 'must be between 0 and 100');
      if (!(typeof s.upper === 'number' && s.upper > s.lower && s.upper < 100))
        throw invalid('strategy.upper', 'must be above lower and below 100');
      return s.period;
    }
    case 'breakout':
      return positiveInt(s.lookback, 'strategy.lookback');
    case 'rules':
      if (direction === 'both') throw invalid('direction', 'rules strategies trade one side: long or short');
      return Math.max(conditionWarmup(s.entry, 'strategy.entry'), conditionWarmup(s.exit, 'strategy.exit'));
    default:
      throw invalid('strategy.type', 'must be one of sma_cross, macd_cross, rsi_reversion, breakout, rules');
  }
}
