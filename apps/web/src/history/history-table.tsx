import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download, type Query, withQuery } from '../api/client';
import type { ChangeRecord, Paged } from '../api/types';
import { formatDateTime } from '../format';
import { Pager } from '../ui/pager';
import { ErrorBox, Loading } from '../ui/status';
import { useAction } from '../ui/use-action';
import { HISTORY_ACTIONS, HISTORY_ENTITY_TYPES, historyValue } from './history-values';

const PER_PAGE = 50;

/**
 * The change history, newest first, with filters, paging and the CSV export. `scope` narrows it for
 * good (a recipe's page passes its recipe_id); the filters narrow it further.
 */
export function HistoryTable({ scope }: { scope: { recipe_id?: number } }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState({ entity_type: '', action: '', date_from: '', date_to: '' });
  const [page, setPage] = useState(1);
  const downloads = useAction();
  const query: Query = {
    ...scope,
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')),
  };
  const records = useQuery({
    queryKey: ['history', query, page],
    queryFn: () => api<Paged<ChangeRecord>>(withQuery('/history', { ...query, page, per_page: PER_PAGE })),
    placeholderData: keepPreviousData,
  });
  const filter = (name: keyof typeof filters, value: string) => {
    setFilters({ ...filters, [name]: value });
    setPage(1);
  };
  const select = (name: 'entity_type' | 'action', options: readonly string[]) => (
    <label>
      {t(`history.${name}`)}
      <select name={`history_${name}`} value={filters[name]} onChange={(e) => filter(name, e.target.value)}>
        <option value="">{t('history.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`history.${name}s.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
  const date = (name: 'date_from' | 'date_to') => (
    <label>
      {t(`history.${name}`)}
      <input
        type="date"
        name={`history_${name}`}
        value={filters[name]}
        onChange={(e) => filter(name, e.target.value)}
      />
    </label>
  );

  return (
    <div className="card">
      <div className="row">
        {select('entity_type', HISTORY_ENTITY_TYPES)}
        {select('action', HISTORY_ACTIONS)}
        {date('date_from')}
        {date('date_to')}
        <button
          type="button"
          disabled={downloads.busy}
          onClick={() =>
            void downloads.run(() => download('/history/export/csv', query, 'change-history.csv'))
          }
        >
          {t('history.exportCsv')}
        </button>
      </div>
      <ErrorBox error={downloads.error ?? records.error} />
      {records.isPending ? (
        <Loading />
      ) : (
        <>
          <table className="history-table">
            <thead>
              <tr>
                <th>{t('history.when')}</th>
                <th>{t('history.who')}</th>
                <th>{t('history.what')}</th>
                <th>{t('history.changes')}</th>
                <th>{t('history.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {records.data?.items.map((record) => (
                <HistoryRow key={record.id} record={record} />
              ))}
            </tbody>
          </table>
          {records.data?.items.length === 0 && <p className="muted">{t('history.none')}</p>}
          {records.data && (
            <Pager page={page} pages={records.data.pages} total={records.data.total} onPage={setPage} />
          )}
        </>
      )}
    </div>
  );
}

function HistoryRow({ record }: { record: ChangeRecord }) {
  const { t } = useTranslation();
  return (
    <tr data-record-id={record.id}>
      <td>{formatDateTime(record.recorded_at)}</td>
      <td>{record.actor_username ?? t('history.system')}</td>
      <td>
        {t(`history.actions.${record.action}`)} · {t(`history.entity_types.${record.entity_type}`)} #
        {record.entity_id}
      </td>
      <td>
        <ul className="history-changes">
          {record.changes.map((change) => (
            <li key={change.field} data-field={change.field}>
              <strong>{change.field}</strong>: <span className="before">{historyValue(change.before)}</span> →{' '}
              <span className="after">{historyValue(change.after)}</span>
            </li>
          ))}
        </ul>
      </td>
      <td>{record.reason ?? ''}</td>
    </tr>
  );
}
