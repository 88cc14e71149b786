/**
 * Names for the gage R&R study endpoints' shapes (apps/measure/src/features/gage-studies), from the generated
 * openapi.d.ts like every wire shape (see api/types.ts).
 */
import type { components } from '../api/openapi';
import type { ApiAnswer } from '../api/types';

export type GageStudy = components['schemas']['GageStudy'];
export type GageStudyOperator = GageStudy['operators'][number];
export type OperatorCandidate = ApiAnswer<'getGageStudiesOperators'>[number];
export type NextReading = ApiAnswer<'getGageStudiesByStudyIdNext'>;
export type PlannedReading = NonNullable<NextReading['next']>;
/** A study the calling operator is assigned to, with their progress (GET /gage-studies/assigned). */
export type AssignedStudy = ApiAnswer<'getGageStudiesAssigned'>[number];

export type GageStudyResult = ApiAnswer<'getGageStudiesByStudyIdResult'>;
export type AnovaTable = GageStudyResult['anova']['with_interaction'];
/** Any row of the table: the total has no MS, F or P, the repeatability no F or P. */
export type AnovaRow = AnovaTable['total'] & Partial<AnovaTable['part']>;
export type GageVerdict = NonNullable<GageStudyResult['verdict']['study_variation']>;
export type VarianceComponent = GageStudyResult['components'][number];
