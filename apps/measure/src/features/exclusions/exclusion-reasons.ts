/**
 * The assignable causes a metrologist picks from when excluding a point: the setting `exclusion_reasons`,
 * one cause a line, so an admin edits the list like any other setting.
 */
export const DEFAULT_EXCLUSION_REASONS = [
  'Gauge error',
  'Set-up or adjustment',
  'Material defect',
  'Operator error',
  'Data entry error',
  'Other',
].join('\n');

const MAX_REASONS = 50;
const MAX_REASON_LENGTH = 80;

/** The causes of the setting's text (blank lines and surrounding spaces ignored). */
export const exclusionReasons = (text: string | undefined): string[] =>
  (text ?? DEFAULT_EXCLUSION_REASONS)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Null when the text is a usable list, else what is wrong with it (the settings rule). */
export function exclusionReasonsProblem(text: string): string | null {
  const reasons = exclusionReasons(text);
  if (reasons.length === 0) return 'must name at least one cause, one a line';
  if (reasons.length > MAX_REASONS) return `must name at most ${MAX_REASONS} causes`;
  if (reasons.some((reason) => reason.length > MAX_REASON_LENGTH))
    return `each cause must be at most ${MAX_REASON_LENGTH} characters`;
  if (new Set(reasons).size !== reasons.length) return 'must not name a cause twice';
  return null;
}
