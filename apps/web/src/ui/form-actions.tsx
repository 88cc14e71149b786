import { useTranslation } from 'react-i18next';

/** The submit and cancel buttons every dialog form ends with; submit is disabled while the form is busy. */
export function FormActions({
  busy,
  submitLabel,
  onCancel,
}: {
  busy: boolean;
  submitLabel: 'create' | 'save';
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="toolbar">
      <button type="submit" className="primary" disabled={busy}>
        {t(`common.${submitLabel}`)}
      </button>
      <button type="button" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
