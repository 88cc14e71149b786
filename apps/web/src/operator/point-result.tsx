import { useTranslation } from 'react-i18next';
import type { Subtask } from '../api/types';
import { classify, decimalsOf, deviation } from '../domain/classify';
import { formatNumber, formatSigned } from '../format';
import type { DraftValue, MeasurePoint } from './draft';

/** The point's limits and nominal, at the characteristic's resolution. */
export function PointLimits({ subtask, digits }: { subtask: Subtask; digits: number }) {
  const { t } = useTranslation();
  return (
    <div className="limits" title={t('operator.limits')}>
      {(['ltl', 'lwl', 'nominal', 'uwl', 'utl'] as const).map((field) => (
        <div key={field} className={field === 'nominal' ? 'nominal' : undefined}>
          <span className="muted">{t(`operator.${field}`)}</span>
          <b>{formatNumber(subtask[field], digits)}</b>
        </div>
      ))}
    </div>
  );
}

interface ResultBannerProps {
  /** The value in the field as it is being typed, judged live; null when the field holds no number. */
  typed: { value: number; decimals: number } | null;
  point: MeasurePoint;
  /** The last value recorded, shown while the field is empty. */
  last: { point: MeasurePoint; recorded: DraftValue } | null;
  /** The characteristic's resolution. */
  digits: number;
}

/**
 * The verdict and deviation of the value being typed, else of the last one recorded. A value is shown as typed
 * (120.061 stays 120.061, 120.060 keeps its zero); its deviation at the finer of the characteristic's
 * resolution and the value's, so a deviation of 0.004 is never shown as +0.00.
 */
export function ResultBanner({ typed, point, last, digits }: ResultBannerProps) {
  const { t } = useTranslation();
  const deviationDigits = (decimals: number) => Math.min(12, Math.max(digits, decimals));
  if (typed !== null) {
    const verdict = classify(typed.value, point.subtask);
    return (
      <div className={`result-banner verdict-${verdict}`} aria-live="polite">
        {t(`verdict.${verdict}`)} · {t('operator.deviation')}{' '}
        {formatSigned(deviation(typed.value, point.subtask), deviationDigits(typed.decimals))}
      </div>
    );
  }
  if (!last) return null;
  const { subtask } = last.point;
  const { recorded } = last;
  const asTyped = Math.min(12, recorded.decimals ?? decimalsOf(recorded.value));
  const verdict = classify(recorded.value, subtask);
  return (
    <div className={`result-banner verdict-${verdict}`} role="status" data-testid="last-result">
      {t('operator.point', { n: subtask.marker_number })}: {formatNumber(recorded.value, asTyped)}{' '}
      {subtask.unit} · {t(`verdict.${verdict}`)} · {t('operator.deviation')}{' '}
      {formatSigned(deviation(recorded.value, subtask), deviationDigits(asTyped))}
    </div>
  );
}
