import { useTranslation } from 'react-i18next';
import { isListedType, MEASUREMENT_TYPES, unitsFor } from '../domain/measurement-types';

/** Measurement type from the list, and a unit that fits it; changing the type picks its usual unit. */
export function TypeAndUnit({
  type,
  unit,
  onChange,
}: {
  type: string;
  unit: string;
  onChange(type: string, unit: string): void;
}) {
  const { t } = useTranslation();
  const units = unitsFor(type, unit);
  return (
    <>
      <label>
        {t('maker.measurementType')}
        <select
          name="subtask_measurement_type"
          value={type}
          onChange={(e) => onChange(e.target.value, unitsFor(e.target.value)[0] ?? unit)}
        >
          {!isListedType(type) && <option value={type}>{type}</option>}
          {MEASUREMENT_TYPES.map((entry) => (
            <option key={entry.type} value={entry.type}>
              {t(`limitEntry.types.${entry.type}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('maker.unit')}
        <select name="subtask_unit" value={unit} onChange={(e) => onChange(type, e.target.value)}>
          {units.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
