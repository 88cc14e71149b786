import { useTranslation } from 'react-i18next';
import type { Capability, Summary } from '../api/types';
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

export function CapabilityCard({ capability }: { capability: Capability }) {
  const { t } = useTranslation();
  const rows: [string, number | null, number][] = [
    [t('metrology.n'), capability.n, 0],
    [t('metrology.mean'), capability.mean, 4],
    [t('metrology.stdev'), capability.stdev, 4],
    [t('metrology.cp'), capability.cp, 2],
    [t('metrology.cpk'), capability.cpk, 2],
    [t('metrology.pp'), capability.pp, 2],
    [t('metrology.ppk'), capability.ppk, 2],
  ];
  return (
    <div className="card" data-testid="capability">
      <h2 style={{ marginTop: 0 }}>{t('metrology.capability')}</h2>
      <table>
        <tbody>
          {rows.map(([label, value, digits]) => (
            <tr key={label}>
              <th>{label}</th>
              <td className="num">{formatNumber(value, digits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
