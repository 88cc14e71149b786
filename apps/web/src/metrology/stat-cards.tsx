import { useTranslation } from 'react-i18next';
import type { Capability, Interval, Ppm, Summary } from '../api/types';
import { formatNumber, formatPercent } from '../format';

export function SummaryCard({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="summary">
      <h2 style={{ marginTop: 0 }}>{t('metrology.summary')}</h2>
      <table>
        <tbody>
          <tr>
            <th>{t('metrology.total')}</th>
            <td className="num">{formatNumber(summary.total, 0)}</td>
            <td />
          </tr>
          {(['pass', 'warning', 'fail'] as const).map((verdict) => (
            <tr key={verdict}>
              <th>
                <span className={`verdict verdict-${verdict}`}>{t(`verdict.${verdict}`)}</span>
              </th>
              <td className="num">{formatNumber(summary[`${verdict}_count`], 0)}</td>
              <td className="num">{formatPercent(summary[`${verdict}_percentage`])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An interval as "[lower; upper]" (a comma would read as a decimal comma in German). */
function interval(ci: Interval | null | undefined): string {
  return ci ? `[${formatNumber(ci.lower, 2)}; ${formatNumber(ci.upper, 2)}]` : '–';
}

/**
 * The capability as Minitab lays it out: n, mean and both sigmas, the potential (within) and overall indices
 * with their 95 % confidence intervals, Cpm, and the expected parts per million out of tolerance.
 */
export function CapabilityCard({ capability: c }: { capability: Capability }) {
  const { t } = useTranslation();
  const basics: [string, string, number | null, number][] = [
    ['n', t('metrology.n'), c.n, 0],
    ['mean', t('metrology.mean'), c.mean, 4],
    ['stdev', t('metrology.stdev'), c.stdev, 4],
    ['sigma_within', t('capabilityDetail.sigmaWithin'), c.sigma_within, 4],
  ];
  const indices: [string, number | null, Interval | null][] = [
    ['cp', c.cp, c.cp_ci95],
    ['cpk', c.cpk, c.cpk_ci95],
    ['pp', c.pp, c.pp_ci95],
    ['ppk', c.ppk, c.ppk_ci95],
  ];
  const ppm: [string, Ppm | null][] = [
    ['ppm_within', c.ppm_within],
    ['ppm_overall', c.ppm_overall],
    ['ppm_observed', c.ppm_observed],
  ];
  return (
    <div className="card" data-testid="capability">
      <h2 style={{ marginTop: 0 }}>{t('metrology.capability')}</h2>
      <table>
        <tbody>
          {basics.map(([key, label, value, digits]) => (
            <tr key={key}>
              <th>{label}</th>
              <td className="num" data-field={key}>
                {formatNumber(value, digits)}
              </td>
              <td />
            </tr>
          ))}
          <tr>
            <th />
            <th className="num">{t('capabilityDetail.index')}</th>
            <th className="num">{t('capabilityDetail.ci95')}</th>
          </tr>
          {indices.map(([key, value, ci]) => (
            <tr key={key}>
              <th>{t(`metrology.${key}`)}</th>
              <td className="num" data-field={key}>
                {formatNumber(value, 2)}
              </td>
              <td className="num" data-field={`${key}_ci95`}>
                {interval(ci)}
              </td>
            </tr>
          ))}
          <tr>
            <th>{t('capabilityDetail.cpm')}</th>
            <td className="num" data-field="cpm">
              {formatNumber(c.cpm, 2)}
            </td>
            <td />
          </tr>
        </tbody>
      </table>
      <table>
        <thead>
          <tr>
            <th>{t('capabilityDetail.ppm')}</th>
            <th className="num">{t('capabilityDetail.belowLsl')}</th>
            <th className="num">{t('capabilityDetail.aboveUsl')}</th>
            <th className="num">{t('capabilityDetail.total')}</th>
          </tr>
        </thead>
        <tbody>
          {ppm.map(([key, value]) => (
            <tr key={key}>
              <th>{t(`capabilityDetail.${key}`)}</th>
              <td className="num" data-field={`${key}.below_lsl`}>
                {formatNumber(value?.below_lsl, 2)}
              </td>
              <td className="num" data-field={`${key}.above_usl`}>
                {formatNumber(value?.above_usl, 2)}
              </td>
              <td className="num" data-field={`${key}.total`}>
                {formatNumber(value?.total, 2)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
