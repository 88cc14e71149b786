import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { errorMessage } from '../api/error-message';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="muted" aria-live="polite">
      {t('app.loading')}
    </p>
  );
}

/** The server's `detail` in words the user can act on, in their language; "no connection" when nothing came back. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof ApiError) return errorMessage(error, t);
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
