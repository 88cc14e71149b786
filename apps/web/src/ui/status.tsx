import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="muted" aria-live="polite">
      {t('app.loading')}
    </p>
  );
}

/** The server's `detail` in words the user can act on; "no connection" when nothing came back. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof ApiError) return error.status === 0 ? t('app.network') : error.detail;
    return error instanceof Error ? error.message : t('app.error');
  };
}

export function ErrorBox({ error }: { error: unknown }) {
  const text = useErrorText();
  if (!error) return null;
  return (
    <div className="error-box" role="alert">
      {text(error)}
    </div>
  );
}

export function VerdictBadge({ verdict }: { verdict: 'pass' | 'warning' | 'fail' }) {
  const { t } = useTranslation();
  return <span className={`verdict verdict-${verdict}`}>{t(`verdict.${verdict}`)}</span>;
}
