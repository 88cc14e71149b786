import { beforeEach, describe, expect, it } from 'vitest';
import { chartLink, filterQuery, loadFilters, NO_FILTERS, saveFilters } from './filters';

describe('the metrologist’s selection', () => {
  beforeEach(() => sessionStorage.clear());

  it('takes a link’s recipe, characteristic and version over what the tab kept', () => {
    saveFilters({ ...NO_FILTERS, recipe_id: 1, marker: 3, lot_number: 'L-7', n_bins: 40 });
    const fromLink = loadFilters('?recipe_id=2&marker=5&version=17');
    expect(fromLink).toMatchObject({ recipe_id: 2, marker: 5, version: 17, lot_number: 'L-7', n_bins: 40 });
    expect(loadFilters('?recipe_id=2&marker=5&version=all').version).toBe('all');
    // no recipe in the link: the kept selection
    expect(loadFilters('')).toMatchObject({ recipe_id: 1, marker: 3 });
  });

  it('round-trips through the overview’s chart link', () => {
    const filters = { ...NO_FILTERS, recipe_id: 4, version: 9 as const };
    const link = chartLink(filters, 2);
    expect(link).toBe('/metrology/chart?recipe_id=4&marker=2&version=9');
    expect(loadFilters(link.slice(link.indexOf('?')))).toMatchObject({ recipe_id: 4, marker: 2, version: 9 });
  });

  it('asks for the characteristic across versions only with “all versions” and a point chosen', () => {
    const all = { ...NO_FILTERS, recipe_id: 4, version: 'all' as const };
    expect(filterQuery(all, 12).across_versions).toBe(true);
    expect(filterQuery(all, null).across_versions).toBeUndefined();
    expect(filterQuery({ ...all, version: 'current' }, 12).across_versions).toBeUndefined();
  });
});
