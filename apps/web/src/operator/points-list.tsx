import { useTranslation } from 'react-i18next';
import { classify } from '../domain/classify';
import { formatNumber } from '../format';
import { VerdictBadge } from '../ui/status';
import type { DraftValue, MeasurePoint } from './draft';

/** The part's points with what was recorded for each (value, verdict, how it was entered); the current one marked. */
export function PointsList({
  points,
  values,
  current,
}: {
  points: MeasurePoint[];
  values: Record<string, DraftValue>;
  current: number;
}) {
  const { t } = useTranslation();
  return (
    <ol className="points-list">
      {points.map((p, i) => {
        const recorded = values[String(p.subtask.id)];
        return (
          <li key={p.subtask.id} className={i === current ? 'current' : undefined}>
            <span>{t('operator.point', { n: p.subtask.marker_number })}</span>
            <span className="muted">{p.subtask.description}</span>
            <span className="value">
              {recorded ? (
                <>
                  {formatNumber(recorded.value, recorded.decimals)}{' '}
                  <VerdictBadge verdict={classify(recorded.value, p.subtask)} />{' '}
                  <small className="muted">
                    {t(recorded.input_method === 'usb_caliper' ? 'operator.caliper' : 'operator.manual')}
                  </small>
                </>
              ) : (
                '–'
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
