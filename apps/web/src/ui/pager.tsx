import { useTranslation } from 'react-i18next';

export function Pager({
  page,
  pages,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="toolbar">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span>{t('common.page', { page, pages: Math.max(1, pages) })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
      <span className="muted">{t('common.total', { count: total })}</span>
    </div>
  );
}
