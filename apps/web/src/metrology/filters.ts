/**
 * The metrologist's selection, shared by the overview and the chart page and kept for the browser tab: the
 * recipe, which version (current, all of them, or one), the characteristic by marker number (its identity
 * across versions), the filters, the rule set and the histogram's bins.
 */
import type { Query } from '../api/client';
import type { RuleSetName } from '../api/types';

/** `current`: the recipe's current version; `all`: the characteristic across every version; a number: that version's id. */
export type VersionChoice = 'current' | 'all' | number;

export interface Filters {
  recipe_id: number | null;
  version: VersionChoice;
  /** The characteristic: its marker number, unique within a version and kept across versions. */
  marker: number | null;
  date_from: string;
  date_to: string;
  lot_number: string;
  serial_number: string;
  /** Rule set of the control chart, the overview and the SPC report. */
  rules: RuleSetName;
  /** Histogram bins (spc.md §8: 5–100, default 20). */
  n_bins: number;
}

export const BIN_CHOICES = [5, 10, 15, 20, 25, 30, 40, 50, 75, 100] as const;

const STORAGE_KEY = 'measure.spcSelection';
export const NO_FILTERS: Filters = {
  recipe_id: null,
  version: 'current',
  marker: null,
  date_from: '',
  date_to: '',
  lot_number: '',
  serial_number: '',
  rules: 'nelson',
  n_bins: 20,
};

/** datetime-local gives local wall time without a zone; the API wants ISO 8601 with one. */
export function toIso(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The version_id to list a version's subtasks with (undefined: the current version). */
export const chosenVersionId = (filters: Filters) =>
  typeof filters.version === 'number' ? filters.version : undefined;

/** The statistics query of a selection; `subtaskId` is the chosen marker's subtask in the listed version. */
export function filterQuery(filters: Filters, subtaskId: number | null): Query {
  return {
    recipe_id: filters.recipe_id,
    subtask_id: subtaskId,
    date_from: toIso(filters.date_from),
    date_to: toIso(filters.date_to),
    lot_number: filters.lot_number.trim(),
    serial_number: filters.serial_number.trim(),
    across_versions: filters.version === 'all' && subtaskId !== null ? true : undefined,
  };
}

/** The stored selection, with what a link carries (?recipe_id=&marker=&version=) taking precedence. */
export function loadFilters(search = ''): Filters {
  let stored: Filters = NO_FILTERS;
  try {
    stored = {
      ...NO_FILTERS,
      ...(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Filters>),
    };
  } catch {
    // a damaged entry: start afresh
  }
  const params = new URLSearchParams(search);
  const number = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  const recipe = number('recipe_id');
  if (recipe === null) return stored;
  const version = params.get('version');
  return {
    ...stored,
    recipe_id: recipe,
    marker: number('marker'),
    version: version === 'all' || version === 'current' ? version : (number('version') ?? 'current'),
  };
}

export function saveFilters(filters: Filters): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(filters));
}

/** The chart page's link for one characteristic of the selection. */
export function chartLink(filters: Filters, marker: number): string {
  const params = new URLSearchParams({
    recipe_id: String(filters.recipe_id),
    marker: String(marker),
    version: String(filters.version),
  });
  return `/metrology/chart?${params}`;
}
