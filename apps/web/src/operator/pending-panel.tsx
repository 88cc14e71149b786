import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message';
import { useUser } from '../auth/session';
import { formatDateTime } from '../format';
import { usePendingBatches, usePendingQueue } from './pending-context';

/** Always visible while anything is unsent, so the operator knows values are safe but not yet recorded. */
export function PendingBar() {
  const { t } = useTranslation();
  const batches = usePendingBatches();
  const queue = usePendingQueue();
  const user = useUser();
  const [open, setOpen] = useState(false);
  if (batches.length === 0) return null;
  return (
    <>
      <div className="pending-bar" role="status" data-testid="pending-bar">
        <span>{t('operator.pending', { count: batches.length })}</span>
        <button type="button" onClick={() => setOpen(!open)} aria-expanded={open}>
          {t('operator.pendingTitle')}
        </button>
        <button
          type="button"
          onClick={() => {
            for (const batch of batches) if (batch.label.operator_id === user.id) queue.retryNow(batch.id);
          }}
        >
          {t('operator.retryNow')}
        </button>
      </div>
      {open && (
        <div className="card" style={{ margin: '0.5rem 1rem' }}>
          <table>
            <thead>
              <tr>
                <th>{t('metrology.operator')}</th>
                <th>{t('metrology.recipe')}</th>
                <th>{t('operator.lot')}</th>
                <th>{t('operator.serial')}</th>
                <th>{t('metrology.measuredAt')}</th>
                <th>{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((batch) => (
                <tr key={batch.id}>
                  <td>{batch.label.operator_name}</td>
                  <td>{batch.label.recipe_code}</td>
                  <td>{batch.label.lot_number}</td>
                  <td>{batch.label.serial_number}</td>
                  <td>{formatDateTime(batch.created_at)}</td>
                  <td>
                    {batch.state === 'rejected' ? (
                      <span className="field-error">
                        {t('operator.rejected', {
                          detail: batch.last_error ? errorMessage(batch.last_error, t) : '',
                        })}
                      </span>
                    ) : (
                      <span className="muted">
                        {t('operator.pendingRetryAt', { time: formatDateTime(batch.next_attempt_at) })}
                      </span>
                    )}{' '}
                    <button type="button" onClick={() => queue.retryNow(batch.id)}>
                      {t('operator.retryNow')}
                    </button>
                    {batch.state === 'rejected' && (
                      <button
                        type="button"
                        className="danger"
                        onClick={() => {
                          if (window.confirm(t('operator.discardConfirm'))) queue.discard(batch.id);
                        }}
                      >
                        {t('operator.discard')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
