import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subtask } from '../api/types';
import { parseMeasuredValue } from '../domain/classify';
import { LIMIT_ORDER, type LimitField, validateLimits } from '../domain/limits';
import { FormActions } from '../ui/form-actions';
import { ErrorBox } from '../ui/status';

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

/** A measurement point; the limits are checked here (LTL ≤ LWL ≤ nominal ≤ UWL ≤ UTL) before anything is sent. */
export function SubtaskForm({ initial, busy, error, askReason, onSubmit, onCancel }: SubtaskFormProps) {
  const { t } = useTranslation();
  const [text, setText] = useState({
    marker_number: String(initial.marker_number),
    description: initial.description,
    measurement_type: initial.measurement_type,
    unit: initial.unit,
    ...Object.fromEntries(
      LIMIT_ORDER.map((field) => [field, Number.isFinite(initial[field]) ? String(initial[field]) : '']),
    ),
  } as Record<string, string>);
  const [checked, setChecked] = useState(false);
  const [reason, setReason] = useState('');

  const limits = Object.fromEntries(
    LIMIT_ORDER.map((field) => [field, parseMeasuredValue(text[field] ?? '')]),
  ) as Record<LimitField, number | null>;
  const errors = validateLimits(limits);
  const markerNumber = Number(text.marker_number);
  const markerValid = Number.isInteger(markerNumber) && markerNumber > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(errors).length > 0 || !markerValid) return;
    const values = {
      marker_number: markerNumber,
      description: text.description ?? '',
      measurement_type: text.measurement_type || 'length',
      unit: text.unit || 'mm',
      nominal: limits.nominal!,
      ltl: limits.ltl!,
      lwl: limits.lwl!,
      uwl: limits.uwl!,
      utl: limits.utl!,
    };
    if (reason.trim()) onSubmit(values, reason.trim());
    else onSubmit(values);
  }

  const input = (
    name: string,
    label: string,
    extra: { width?: string; invalid?: boolean; message?: string } = {},
  ) => (
    <label style={{ width: extra.width }}>
      {label}
      <input
        name={`subtask_${name}`}
        value={text[name] ?? ''}
        inputMode={
          LIMIT_ORDER.includes(name as LimitField) || name === 'marker_number' ? 'decimal' : undefined
        }
        aria-invalid={checked && extra.invalid ? true : undefined}
        maxLength={255}
        onChange={(e) => setText({ ...text, [name]: e.target.value })}
      />
      {checked && extra.message && <span className="field-error">{extra.message}</span>}
    </label>
  );

  return (
    <form className="card" onSubmit={submit} noValidate>
      <div className="row">
        {input('marker_number', t('maker.markerNumber'), {
          width: '6rem',
          invalid: !markerValid,
          message: markerValid ? undefined : t('maker.limitRequired'),
        })}
        {input('description', t('common.description'), { width: '14rem' })}
        {input('measurement_type', t('maker.measurementType'), { width: '7rem' })}
        {input('unit', t('maker.unit'), { width: '5rem' })}
      </div>
      <div className="row">
        {LIMIT_ORDER.map((field) =>
          input(field, t(`maker.${field}`), {
            width: '8rem',
            invalid: Boolean(errors[field]),
            message: errors[field]
              ? t(errors[field] === 'required' ? 'maker.limitRequired' : 'maker.limitOrder')
              : undefined,
          }),
        )}
      </div>
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
