/**
 * Names for the metrologist's overview, version comparison and comments (GET /statistics/overview, …), from
 * the generated openapi.d.ts like every wire shape (see types.ts).
 */
import type { components } from './openapi';
import type { ApiAnswer, RecipeVersionSummary } from './types';

export type CapabilityOverview = ApiAnswer<'getStatisticsOverview'>;
export type OverviewRow = CapabilityOverview['characteristics'][number];
export type CapabilityLight = OverviewRow['light'];

export type VersionSummary = RecipeVersionSummary;

export type VersionChanges = ApiAnswer<'getRecipesByRecipeIdVersionsByVersionNumberChanges'>;
export type FieldChange = VersionChanges['tasks']['changed'][number]['changes'][number];
export type PointRef = VersionChanges['points']['added'][number];

export type MeasurementComment = components['schemas']['MeasurementComment'];
