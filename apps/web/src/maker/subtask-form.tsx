import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Limits, Subtask } from '../api/types';
import { parseMeasuredValue } from '../domain/classify';
import { LIMIT_ORDER, type LimitField, validateLimits } from '../domain/limits';
import { limitsFromTolerance, toleranceFromLimits } from '../domain/tolerance-entry';
import { FormActions } from '../ui/form-actions';
import { ErrorBox } from '../ui/status';
import { type LimitMode, LimitsEntry, type LimitTexts } from './limits-entry';
import { TypeAndUnit } from './type-and-unit';

export type SubtaskInput = Omit<Subtask, 'id' | 'task_id'>;

interface SubtaskFormProps {
  initial: SubtaskInput;
  busy: boolean;
  error: unknown;
  /** Editing an existing point: ask why, for the change history (the API requires it for a measured point's limits). */
  askReason?: boolean;
  onSubmit(values: SubtaskInput, reason?: string): void;
  onCancel(): void;
}

const text = (value: number) => (Number.isFinite(value) ? String(value) : '');

/** The texts both entry modes start from: the stored limits, and the drawing's way of writing them. */
function initialTexts(initial: SubtaskInput): { mode: LimitMode; texts: LimitTexts } {
  const limits = Object.fromEntries(LIMIT_ORDER.map((f) => [f, text(initial[f])])) as Record<
    LimitField,
    string
  >;
  const complete = LIMIT_ORDER.every((field) => Number.isFinite(initial[field]));
  const entry = complete ? toleranceFromLimits(initial) : null;
  const symmetric = entry ? entry.upper === -entry.lower : true;
  return {
    // a new point starts as the drawing states it; stored limits a tolerance cannot express stay five values
    mode: complete && !entry ? 'limits' : 'tolerance',
    texts: {
      ...limits,
      symmetric,
      upper: entry ? String(entry.upper) : '',
      lower: entry ? String(entry.lower) : '',
      percent: entry ? String(entry.warningPercent) : '50',
    },
  };
}

/** The five limits the texts stand for in the chosen mode; null for a field that is missing. */
export function limitsOf(mode: LimitMode, t: LimitTexts): Record<LimitField, number | null> {
  if (mode === 'limits')
    return Object.fromEntries(LIMIT_ORDER.map((f) => [f, parseMeasuredValue(t[f])])) as Record<
      LimitField,
      number | null
    >;
  const nominal = parseMeasuredValue(t.nominal);
  const upper = parseMeasuredValue(t.upper);
  const lower = t.symmetric ? (upper === null ? null : -upper) : parseMeasuredValue(t.lower);
  const percent = parseMeasuredValue(t.percent);
  if (
    nominal === null ||
    upper === null ||
    lower === null ||
    percent === null ||
    percent < 0 ||
    percent > 100
  )
    return { nominal, ltl: null, lwl: null, uwl: null, utl: null };
  return limitsFromTolerance({ nominal, upper, lower, warningPercent: percent });
}

/** A measurement point; the limits are checked here (LTL ≤ LWL ≤ nominal ≤ UWL ≤ UTL) before anything is sent. */
export function SubtaskForm({ initial, busy, error, askReason, onSubmit, onCancel }: SubtaskFormProps) {
  const { t } = useTranslation();
  const [start] = useState(() => initialTexts(initial));
  const [mode, setMode] = useState<LimitMode>(start.mode);
  const [texts, setTexts] = useState<LimitTexts>(start.texts);
  const [fields, setFields] = useState({
    marker_number: String(initial.marker_number),
    description: initial.description,
    measurement_type: initial.measurement_type || 'length',
    unit: initial.unit || 'mm',
  });
  const [checked, setChecked] = useState(false);
  const [reason, setReason] = useState('');

  const limits = limitsOf(mode, texts);
  const errors = validateLimits(limits);
  const markerNumber = Number(fields.marker_number);
  const markerValid = Number.isInteger(markerNumber) && markerNumber > 0;

  function switchMode(next: LimitMode) {
    // the other mode starts from what this one describes, so nothing typed is lost by switching
    const complete = LIMIT_ORDER.every((field) => limits[field] !== null);
    if (complete) setTexts(initialTexts({ ...initial, ...(limits as Limits) }).texts);
    setMode(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(errors).length > 0 || !markerValid) return;
    const values = {
      marker_number: markerNumber,
      description: fields.description,
      measurement_type: fields.measurement_type,
      unit: fields.unit,
      nominal: limits.nominal!,
      ltl: limits.ltl!,
      lwl: limits.lwl!,
      uwl: limits.uwl!,
      utl: limits.utl!,
    };
    if (reason.trim()) onSubmit(values, reason.trim());
    else onSubmit(values);
  }

  return (
    <form className="card" onSubmit={submit} noValidate>
      <div className="row">
        <label style={{ width: '6rem' }}>
          {t('maker.markerNumber')}
          <input
            name="subtask_marker_number"
            value={fields.marker_number}
            inputMode="decimal"
            aria-invalid={checked && !markerValid ? true : undefined}
            onChange={(e) => setFields({ ...fields, marker_number: e.target.value })}
          />
          {checked && !markerValid && <span className="field-error">{t('maker.limitRequired')}</span>}
        </label>
        <label style={{ width: '14rem' }}>
          {t('common.description')}
          <input
            name="subtask_description"
            value={fields.description}
            maxLength={255}
            onChange={(e) => setFields({ ...fields, description: e.target.value })}
          />
        </label>
        <TypeAndUnit
          type={fields.measurement_type}
          unit={fields.unit}
          onChange={(measurement_type, unit) => setFields({ ...fields, measurement_type, unit })}
        />
      </div>
      <LimitsEntry
        mode={mode}
        texts={texts}
        limits={limits}
        errors={checked ? errors : {}}
        unit={fields.unit}
        onMode={switchMode}
        onChange={setTexts}
      />
      {askReason && (
        <label>
          {t('history.limitReason')}
          <input
            name="subtask_reason"
            value={reason}
            maxLength={1000}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
      )}
      <ErrorBox error={error} />
      <FormActions busy={busy} submitLabel="save" onCancel={onCancel} />
    </form>
  );
}
