import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, download } from '../api/client';
import { ErrorBox, Loading } from '../ui/status';
import { useAction } from '../ui/use-action';
import { formatF, formatPct, formatSignificant } from './gage-format';
import type { AnovaRow, AnovaTable, GageStudy, GageStudyResult, GageVerdict } from './gage-types';

function AnovaCard({ title, table, testId }: { title: string; table: AnovaTable; testId: string }) {
  const { t } = useTranslation();
  const rows: [string, AnovaRow][] = [
    [t('gage.part'), table.part],
    [t('gage.operator'), table.operator],
    ...(table.interaction ? ([[t('gage.interaction'), table.interaction]] as [string, AnovaRow][]) : []),
    [t('gage.repeatability'), table.repeatability],
    [t('gage.total'), table.total],
  ];
  return (
    <div className="card">
      <h3>{title}</h3>
      <table data-testid={testId}>
        <thead>
          <tr>
            <th>{t('gage.source')}</th>
            <th>DF</th>
            <th>SS</th>
            <th>MS</th>
            <th>F</th>
            <th>P</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, row]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{row.df}</td>
              <td>{formatSignificant(row.ss)}</td>
              <td>{row.ms === undefined ? '' : formatSignificant(row.ms)}</td>
              <td>{row.f === undefined ? '' : formatF(row.f)}</td>
              <td>{row.p === undefined ? '' : formatF(row.p)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Verdict({ verdict }: { verdict: GageVerdict | null }) {
  const { t } = useTranslation();
  if (!verdict) return <span>–</span>;
  const tone = { acceptable: 'pass', conditionally_acceptable: 'warning', unacceptable: 'fail' }[verdict];
  return <span className={`verdict verdict-${tone}`}>{t(`gage.verdict.${verdict}`)}</span>;
}

/** The study's result as the PDF shows it: both ANOVA tables, the gage evaluation, ndc and the AIAG verdict. */
export function GageResult({ study }: { study: GageStudy }) {
  const { t } = useTranslation();
  const result = useQuery({
    queryKey: ['gage-result', study.id],
    queryFn: () => api<GageStudyResult>(`/gage-studies/${study.id}/result`),
    enabled: study.complete,
  });
  const pdf = useAction();
  if (!study.complete) return <p className="muted">{t('gage.incomplete')}</p>;
  if (result.isPending) return <Loading />;
  if (result.error) return <ErrorBox error={result.error} />;
  const r = result.data;
  const grr = r.components.find((c) => c.source === 'gage_rr');
  return (
    <div data-testid="gage-result">
      <div className="card row">
        <div>
          {t('gage.grrStudyVar')}:{' '}
          <strong data-testid="grr-study-var">{formatPct(grr?.percent_study_variation)} %</strong>{' '}
          <Verdict verdict={r.verdict.study_variation} />
        </div>
        <div>
          {t('gage.grrTolerance')}:{' '}
          <strong data-testid="grr-tolerance">{formatPct(grr?.percent_tolerance)} %</strong>{' '}
          <Verdict verdict={r.verdict.tolerance} />
        </div>
        <div>
          {t('gage.ndc')}: <strong data-testid="ndc">{r.ndc ?? '–'}</strong>
        </div>
        <button
          type="button"
          disabled={pdf.busy}
          onClick={() =>
            void pdf.run(() =>
              download('/reports/gage-study', { study_id: study.id }, `GageRR_${study.id}.pdf`),
            )
          }
        >
          {t('gage.pdf')}
        </button>
      </div>
      <ErrorBox error={pdf.error} />
      <AnovaCard title={t('gage.anovaWith')} table={r.anova.with_interaction} testId="anova-with" />
      {r.anova.without_interaction && (
        <>
          <p className="muted">{t('gage.pooled')}</p>
          <AnovaCard
            title={t('gage.anovaWithout')}
            table={r.anova.without_interaction}
            testId="anova-without"
          />
        </>
      )}
      <div className="card">
        <h3>{t('gage.evaluation')}</h3>
        <table data-testid="gage-components">
          <thead>
            <tr>
              <th>{t('gage.source')}</th>
              <th>VarComp</th>
              <th>%Contribution</th>
              <th>StdDev</th>
              <th>{t('gage.studyVar')}</th>
              <th>%Study Var</th>
              <th>%Tolerance</th>
            </tr>
          </thead>
          <tbody>
            {r.components.map((c) => (
              <tr key={c.source} data-source={c.source}>
                <th scope="row">{t(`gage.component.${c.source}`)}</th>
                <td>{formatSignificant(c.variance)}</td>
                <td>{formatPct(c.percent_contribution)}</td>
                <td>{formatSignificant(c.std_dev)}</td>
                <td>{formatSignificant(c.study_variation)}</td>
                <td>{formatPct(c.percent_study_variation)}</td>
                <td>{formatPct(c.percent_tolerance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">{t('gage.bands')}</p>
      </div>
    </div>
  );
}
