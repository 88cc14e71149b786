import { useTranslation } from 'react-i18next';
import { LIMIT_ORDER, type LimitErrors, type LimitField } from '../domain/limits';
import { formatNumber } from '../format';

export type LimitMode = 'tolerance' | 'limits';

/** What the maker typed, in both modes: the five limits, or nominal, deviations and warning percentage. */
export interface LimitTexts extends Record<LimitField, string> {
  symmetric: boolean;
  upper: string;
  lower: string;
  percent: string;
}

interface LimitsEntryProps {
  mode: LimitMode;
  texts: LimitTexts;
  /** The limits the texts stand for (null where something is missing). */
  limits: Record<LimitField, number | null>;
  errors: LimitErrors;
  unit: string;
  onMode(mode: LimitMode): void;
  onChange(texts: LimitTexts): void;
}

/**
 * Limits as the drawing states them (nominal ± tolerance, or + upper / − lower deviation, with the warning band
 * as a percentage) or as five values; either way the five limits that will be stored are shown beside.
 */
export function LimitsEntry({ mode, texts, limits, errors, unit, onMode, onChange }: LimitsEntryProps) {
  const { t } = useTranslation();
  const field = (name: keyof LimitTexts, label: string, invalid = false, message?: string) => (
    <label style={{ width: '9rem' }} key={name}>
      {label}
      <input
        name={`subtask_${name}`}
        value={String(texts[name])}
        inputMode="decimal"
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => onChange({ ...texts, [name]: e.target.value })}
      />
      {message && <span className="field-error">{message}</span>}
    </label>
  );
  const limitMessage = (name: LimitField) =>
    errors[name] ? t(errors[name] === 'required' ? 'maker.limitRequired' : 'maker.limitOrder') : undefined;
  const anyError = Object.keys(errors).length > 0;
  const percent = Number(texts.percent.replace(',', '.'));
  const percentBad = anyError && !(texts.percent.trim() !== '' && percent >= 0 && percent <= 100);

  return (
    <fieldset className="limits-entry">
      <legend>{t('limitEntry.legend', { unit })}</legend>
      <div className="toolbar" role="radiogroup">
        {(['tolerance', 'limits'] as const).map((option) => (
          <label key={option} className="inline">
            <input type="radio" name="limit_mode" checked={mode === option} onChange={() => onMode(option)} />
            {t(`limitEntry.${option}Mode`)}
          </label>
        ))}
      </div>
      {mode === 'limits' ? (
        <div className="row">
          {LIMIT_ORDER.map((name) =>
            field(name, t(`maker.${name}`), Boolean(errors[name]), limitMessage(name)),
          )}
        </div>
      ) : (
        <>
          <div className="row">
            {field('nominal', t('maker.nominal'), Boolean(errors.nominal), limitMessage('nominal'))}
            <label className="inline">
              <input
                type="checkbox"
                name="subtask_symmetric"
                checked={texts.symmetric}
                onChange={() => onChange({ ...texts, symmetric: !texts.symmetric })}
              />
              {t('limitEntry.symmetric')}
            </label>
            {texts.symmetric
              ? field('upper', t('limitEntry.tolerance'), anyError && !texts.upper.trim())
              : [
                  field('upper', t('limitEntry.upper'), anyError),
                  field('lower', t('limitEntry.lower'), anyError),
                ]}
            {field(
              'percent',
              t('limitEntry.warningPercent'),
              percentBad,
              percentBad ? t('limitEntry.percentRange') : undefined,
            )}
          </div>
          {anyError && <p className="field-error">{t('limitEntry.incomplete')}</p>}
        </>
      )}
      <p className="muted" data-testid="limits-preview">
        {t('limitEntry.stored')}{' '}
        {LIMIT_ORDER.map((name) => `${t(`maker.${name}`)} ${formatNumber(limits[name])}`).join(' · ')}
      </p>
    </fieldset>
  );
}
