import { useTranslation } from 'react-i18next';
import { HistoryTable } from './history-table';

/** Every change in the service, for administrators and metrologists. */
export function HistoryPage() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t('history.title')}</h1>
      <p className="muted">{t('history.intro')}</p>
      <HistoryTable scope={{}} />
    </section>
  );
}
