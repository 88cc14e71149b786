/**
 * The metrologist's landing page: every characteristic of the chosen recipe version with n, mean, Cpk, Ppk,
 * the points the rule set flags and a traffic light, all as the API computes them (GET /statistics/overview),
 * each row linking to its chart.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api } from '../api/client';
import type { CapabilityLight, CapabilityOverview } from '../api/metrology-types';
import type { RuleSetName } from '../api/types';
import { formatNumber } from '../format';
import { ErrorBox, Loading } from '../ui/status';
import { chartLink, chosenVersionId } from './filters';
import { RecipeVersionPickers, useSelection } from './selection';
import { RULE_SETS } from './spc-charts';
import { VersionChangesCard } from './version-changes';

function Light({ light }: { light: CapabilityLight }) {
  const { t } = useTranslation();
  return (
    <span className={`light light-${light}`} data-light={light}>
      {t(`spcOverview.lights.${light}`)}
    </span>
  );
}

export function OverviewPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const selection = useSelection(location.search);
  const { filters, set } = selection;
  const query = {
    recipe_id: filters.recipe_id,
    version_id: chosenVersionId(filters),
    across_versions: filters.version === 'all' ? true : undefined,
    rules: filters.rules,
  };
  const overview = useQuery({
    queryKey: ['overview', query],
    queryFn: () => api<CapabilityOverview>('/statistics/overview', { query }),
    enabled: filters.recipe_id !== null,
  });
  const rows = overview.data?.characteristics ?? [];
  return (
    <section>
      <h1>{t('spcOverview.title')}</h1>
      <div className="card row">
        <RecipeVersionPickers selection={selection} />
        <label>
          {t('metrology.ruleSet')}
          <select
            name="rules"
            value={filters.rules}
            onChange={(e) => set({ rules: e.target.value as RuleSetName })}
          >
            {RULE_SETS.map((name) => (
              <option key={name} value={name}>
                {t(`metrology.ruleSets.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorBox error={selection.recipes.error ?? overview.error} />
      {selection.oldVersion && filters.recipe_id !== null && (
        <VersionChangesCard recipeId={filters.recipe_id} version={selection.oldVersion} />
      )}
      {filters.recipe_id === null ? (
        <p className="muted">{t('spcOverview.pickRecipe')}</p>
      ) : overview.isPending ? (
        <Loading />
      ) : (
        <div className="card table-scroll">
          <table data-testid="capability-overview">
            <thead>
              <tr>
                <th className="num">{t('spcOverview.marker')}</th>
                <th>{t('spcOverview.characteristic')}</th>
                <th className="num">{t('metrology.n')}</th>
                <th className="num">{t('metrology.mean')}</th>
                <th className="num">{t('metrology.cpk')}</th>
                <th className="num">{t('metrology.ppk')}</th>
                <th className="num">{t('metrology.violations')}</th>
                <th>{t('spcOverview.status')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.subtask_id} data-marker={row.marker_number}>
                  <td className="num">{row.marker_number}</td>
                  <td>
                    {row.task_title} · {row.description || t('spcOverview.noDescription')}
                  </td>
                  <td className="num" data-field="n">
                    {formatNumber(row.n, 0)}
                  </td>
                  <td className="num" data-field="mean">
                    {formatNumber(row.mean, 4)} {row.unit}
                  </td>
                  <td className="num" data-field="cpk">
                    {formatNumber(row.cpk, 2)}
                  </td>
                  <td className="num" data-field="ppk">
                    {formatNumber(row.ppk, 2)}
                  </td>
                  <td className="num" data-field="violations">
                    {formatNumber(row.violations, 0)}
                  </td>
                  <td>
                    <Light light={row.light} />
                  </td>
                  <td>
                    <Link to={chartLink(filters, row.marker_number)}>{t('spcOverview.openChart')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <p className="muted">{t('spcOverview.noCharacteristics')}</p>}
          <p className="muted">{t('spcOverview.legend')}</p>
        </div>
      )}
    </section>
  );
}
