import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type Query } from '../api/client';
import type { Gauge, Measurement, MeasurementListItem, Paged, Verdict } from '../api/types';
import { formatDateTime, formatDeviation, formatNumber } from '../format';
import { Pager } from '../ui/pager';
import { ErrorBox, VerdictBadge } from '../ui/status';
import { CommentCell, useComments } from './comments';
import { ExcludeForm, ExclusionCell, useActiveExclusions } from './exclusions';

const PER_PAGE = 50;

/**
 * The measurements behind the charts: the same query (with "all versions", `across_versions` lists every
 * version's rows of the characteristic, each row naming its version), paged, newest first.
 */
export function MeasurementTable({ filters }: { filters: Query }) {
  const { t } = useTranslation();
  const [verdict, setVerdict] = useState<Verdict | ''>('');
  const [page, setPage] = useState(1);
  const query = { ...filters, pass_fail: verdict, page, per_page: PER_PAGE };
  const exclusions = useActiveExclusions(filters);
  const [excluding, setExcluding] = useState<Measurement | null>(null);
  // without one point chosen the rows are of several points: a column says which
  const severalPoints = filters.subtask_id === undefined || filters.subtask_id === null;
  const measurements = useQuery({
    queryKey: ['measurements', query],
    queryFn: () => api<Paged<MeasurementListItem>>('/measurements/', { query }),
    placeholderData: (previous) => previous,
  });
  const comments = useComments(
    filters.recipe_id as number | null,
    measurements.data?.items.map((m) => m.id) ?? [],
  );
  // measurements name their gauge by id; the register gives the code printed on it
  const gauges = useQuery({ queryKey: ['gauges'], queryFn: () => api<Gauge[]>('/gauges') });
  const gaugeCode = (id: number | null) =>
    id === null ? '–' : (gauges.data?.find((g) => g.id === id)?.code ?? `#${id}`);

  return (
    <div className="card">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 style={{ margin: 0 }}>{t('metrology.measurements')}</h2>
        <label className="inline">
          {t('metrology.verdict')}
          <select
            name="pass_fail"
            value={verdict}
            onChange={(e) => {
              setVerdict(e.target.value as Verdict | '');
              setPage(1);
            }}
          >
            <option value="">{t('common.all')}</option>
            <option value="pass">{t('verdict.pass')}</option>
            <option value="warning">{t('verdict.warning')}</option>
            <option value="fail">{t('verdict.fail')}</option>
          </select>
        </label>
      </div>
      <ErrorBox error={measurements.error ?? exclusions.error ?? comments.error} />
      {excluding && <ExcludeForm measurement={excluding} onDone={() => setExcluding(null)} />}
      {measurements.data && (
        <>
          <div className="table-scroll">
            <table data-testid="measurement-table">
              <thead>
                <tr>
                  <th>{t('metrology.measuredAt')}</th>
                  {severalPoints && <th>{t('metrology.subtask')}</th>}
                  <th>{t('metrology.lot')}</th>
                  <th>{t('metrology.serial')}</th>
                  <th className="num">{t('metrology.value')}</th>
                  <th className="num">{t('metrology.deviation')}</th>
                  <th>{t('metrology.verdict')}</th>
                  <th>{t('metrology.method')}</th>
                  <th>{t('gauges.gauge')}</th>
                  <th>{t('metrology.operator')}</th>
                  <th className="num">{t('maker.version')}</th>
                  <th>{t('metrology.inStatistics')}</th>
                  <th>{t('comments.title')}</th>
                </tr>
              </thead>
              <tbody>
                {measurements.data.items.map((m) => (
                  <tr key={m.id}>
                    <td>{formatDateTime(m.measured_at)}</td>
                    {severalPoints && (
                      <td data-testid="point-cell">
                        {m.marker_number}
                        {m.subtask_description && <span className="muted"> · {m.subtask_description}</span>}
                      </td>
                    )}
                    <td>{m.lot_number}</td>
                    <td>{m.serial_number}</td>
                    <td className="num">{formatNumber(m.value)}</td>
                    <td className="num">{formatDeviation(m.deviation, m.value)}</td>
                    <td>
                      <VerdictBadge verdict={m.pass_fail} />
                    </td>
                    <td>{t(m.input_method === 'usb_caliper' ? 'operator.caliper' : 'operator.manual')}</td>
                    <td>{gaugeCode(m.gauge_id)}</td>
                    <td>{m.operator_name}</td>
                    <td className="num" data-testid="version-cell">
                      v{m.version_number}
                    </td>
                    <td>
                      <ExclusionCell
                        measurement={m}
                        exclusion={exclusions.data?.get(m.id)}
                        onExclude={setExcluding}
                      />
                    </td>
                    <td>
                      <CommentCell measurementId={m.id} comments={comments.data?.get(m.id)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {measurements.data.items.length === 0 && <p className="muted">{t('metrology.noData')}</p>}
          <Pager
            page={measurements.data.page}
            pages={measurements.data.pages}
            total={measurements.data.total}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
