import { useTranslation } from 'react-i18next';
import type { ControlChart, Histogram, RuleSetName } from '../api/types';
import type { ChartOption } from './echart';
import { EChart } from './echart';
import { BIN_CHOICES } from './filters';

export const RULE_SETS: readonly RuleSetName[] = ['nelson', 'western_electric', '1'];

/** The control-chart card: rule-set choice, I chart, moving-range chart under it, and the violations listed. */
export function ControlChartCard({
  chart,
  option,
  mrOption,
  ruleSet,
  onRuleSet,
}: {
  chart: ControlChart;
  option: ChartOption;
  mrOption: ChartOption;
  ruleSet: RuleSetName;
  onRuleSet: (next: RuleSetName) => void;
}) {
  const { t } = useTranslation();
  const violations = chart.violations;
  return (
    <div className="card">
      <div className="row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <h2 style={{ margin: 0 }}>{t('metrology.controlChart')}</h2>
        <label>
          {t('metrology.ruleSet')}
          <select name="rules" value={ruleSet} onChange={(e) => onRuleSet(e.target.value as RuleSetName)}>
            {RULE_SETS.map((name) => (
              <option key={name} value={name}>
                {t(`metrology.ruleSets.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {chart.points.length === 0 ? (
        <p className="muted">{t('metrology.noData')}</p>
      ) : (
        <>
          <EChart
            option={option}
            label={t('metrology.controlChart')}
            testId="control-chart"
            dataCount={chart.points.length}
          />
          <h3>{t('metrology.movingRangeChart')}</h3>
          <EChart
            option={mrOption}
            label={t('metrology.movingRangeChart')}
            testId="mr-chart"
            dataCount={Math.max(0, chart.points.length - 1)}
          />
          <h3>{t('metrology.violations')}</h3>
          {violations.length === 0 ? (
            <p className="muted">{t('metrology.noViolations')}</p>
          ) : (
            <ul data-testid="rule-violations">
              {violations.map((v) => (
                <li key={v.index}>
                  {/* numbered from 1 as the PDF and Minitab number observations */}
                  {t('metrology.violationAt', { n: v.index + 1 })}{' '}
                  {v.rules.map((rule) => `${rule}: ${t(`metrology.rules.${rule}`)}`).join('; ')}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

export function HistogramCard({
  histogram,
  option,
  bins,
  onBins,
}: {
  histogram: Histogram;
  option: ChartOption;
  bins: number;
  onBins: (bins: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="card">
      <div className="row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <h2 style={{ margin: 0 }}>{t('metrology.histogram')}</h2>
        <label>
          {t('capabilityDetail.bins')}
          <select name="n_bins" value={bins} onChange={(e) => onBins(Number(e.target.value))}>
            {BIN_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </label>
      </div>
      {histogram.frequencies.length === 0 ? (
        <p className="muted">{t('metrology.noData')}</p>
      ) : (
        <EChart
          option={option}
          label={t('metrology.histogram')}
          testId="histogram"
          dataCount={histogram.frequencies.reduce((a, b) => a + b, 0)}
        />
      )}
    </div>
  );
}
