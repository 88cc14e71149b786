import { useTranslation } from 'react-i18next';
import type { Limits } from '../api/types';
import { formatNumber } from '../format';

/**
 * Asks before an implausible value is kept: re-measure (the field is cleared for the next reading) or
 * confirm (the value is kept as typed). The value stays in the field meanwhile, so nothing typed is lost;
 * Enter on the same value again confirms, a new reading replaces it.
 */
export function PlausibilityPrompt({
  value,
  limits,
  unit,
  digits,
  onRemeasure,
  onConfirm,
}: {
  value: number;
  limits: Limits;
  unit: string;
  digits: number;
  onRemeasure: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const tolerance = (limits.utl - limits.ltl) / 2;
  return (
    <div className="notice" role="alertdialog" aria-live="assertive" data-testid="plausibility-prompt">
      <p style={{ marginTop: 0 }}>
        {t('operator.implausible', {
          value: formatNumber(value),
          unit,
          nominal: formatNumber(limits.nominal, digits),
          tolerance: formatNumber(tolerance, digits),
        })}
      </p>
      <div className="toolbar">
        <button type="button" onClick={onRemeasure}>
          {t('operator.remeasure')}
        </button>
        <button type="button" className="primary" onClick={onConfirm}>
          {t('operator.confirmValue', { value: formatNumber(value) })}
        </button>
      </div>
    </div>
  );
}
