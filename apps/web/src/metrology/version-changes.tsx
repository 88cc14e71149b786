/**
 * An older recipe version, read-only: its points with their limits, and what changed from it to the current
 * version (GET /recipes/{id}/versions/{n}/changes): tasks, points and limits, each with old and new value.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { FieldChange, VersionChanges, VersionSummary } from '../api/metrology-types';
import type { RecipeVersion } from '../api/types';
import { formatDateTime, formatNumber } from '../format';
import { ErrorBox } from '../ui/status';

const LIMIT_ORDER = ['ltl', 'lwl', 'nominal', 'uwl', 'utl'] as const;
const LIMIT_FIELDS = new Set<string>(LIMIT_ORDER);

function ChangeText({ change }: { change: FieldChange }) {
  const { t } = useTranslation();
  const show = (value: string | number) =>
    typeof value === 'number' ? formatNumber(value) : value === '' ? '–' : value;
  const field = LIMIT_FIELDS.has(change.field)
    ? change.field.toUpperCase()
    : t(`versionCompare.fields.${change.field}`, change.field);
  return (
    <>
      {field}: {show(change.from)} → {show(change.to)}
    </>
  );
}

export function VersionChangesCard({ recipeId, version }: { recipeId: number; version: VersionSummary }) {
  const { t } = useTranslation();
  const base = `/recipes/${recipeId}/versions/${version.version_number}`;
  const detail = useQuery({
    queryKey: ['recipe-version', recipeId, version.version_number],
    queryFn: () => api<RecipeVersion>(base),
  });
  const changes = useQuery({
    queryKey: ['version-changes', recipeId, version.version_number],
    queryFn: () => api<VersionChanges>(`${base}/changes`),
  });
  const c = changes.data;
  const nothing =
    c &&
    [
      c.tasks.added,
      c.tasks.removed,
      c.tasks.changed,
      c.points.added,
      c.points.removed,
      c.points.changed,
    ].every((list) => list.length === 0);
  return (
    <div className="card" data-testid="version-compare">
      <h2 style={{ marginTop: 0 }}>
        {t('versionCompare.title', { number: version.version_number })}{' '}
        <span className="verdict muted">{t('versionCompare.readOnly')}</span>
      </h2>
      <p className="muted">
        {formatDateTime(version.created_at)}
        {version.change_notes ? ` · ${version.change_notes}` : ''}
      </p>
      <ErrorBox error={detail.error ?? changes.error} />
      {detail.data?.tasks && (
        <div className="table-scroll">
          <table data-testid="old-version-points">
            <thead>
              <tr>
                <th className="num">{t('spcOverview.marker')}</th>
                <th>{t('spcOverview.characteristic')}</th>
                {LIMIT_ORDER.map((field) => (
                  <th key={field} className="num">
                    {field.toUpperCase()}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {detail.data.tasks.flatMap((task) =>
                task.subtasks.map((point) => (
                  <tr key={point.id}>
                    <td className="num">{point.marker_number}</td>
                    <td>
                      {task.title} · {point.description}
                    </td>
                    {LIMIT_ORDER.map((field) => (
                      <td key={field} className="num">
                        {formatNumber(point[field])}
                      </td>
                    ))}
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      )}
      {c && (
        <>
          <h3>{t('versionCompare.against', { from: c.from_version, to: c.to_version })}</h3>
          {nothing ? (
            <p className="muted">{t('versionCompare.same')}</p>
          ) : (
            <ul data-testid="version-changes">
              {c.points.changed.map((point) => (
                <li key={`p${point.marker_number}`}>
                  {t('versionCompare.pointChanged', {
                    marker: point.marker_number,
                    description: point.description,
                  })}{' '}
                  {point.changes.map((change, i) => (
                    <span key={change.field}>
                      {i > 0 && '; '}
                      <ChangeText change={change} />
                    </span>
                  ))}
                </li>
              ))}
              {c.points.added.map((point) => (
                <li key={`a${point.marker_number}`}>
                  {t('versionCompare.pointAdded', {
                    marker: point.marker_number,
                    description: point.description,
                  })}
                </li>
              ))}
              {c.points.removed.map((point) => (
                <li key={`r${point.marker_number}`}>
                  {t('versionCompare.pointRemoved', {
                    marker: point.marker_number,
                    description: point.description,
                  })}
                </li>
              ))}
              {c.tasks.added.map((title) => (
                <li key={`ta${title}`}>{t('versionCompare.taskAdded', { title })}</li>
              ))}
              {c.tasks.removed.map((title) => (
                <li key={`tr${title}`}>{t('versionCompare.taskRemoved', { title })}</li>
              ))}
              {c.tasks.changed.map((task) => (
                <li key={`tc${task.title}`}>
                  {t('versionCompare.taskChanged', { title: task.title })}{' '}
                  {task.changes.map((change, i) => (
                    <span key={change.field}>
                      {i > 0 && '; '}
                      <ChangeText change={change} />
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
