import { useSettings } from '../api/settings-query';
import { PLAUSIBILITY_WIDTHS } from '../domain/classify';

/**
 * The plausibility band in tolerance widths: the setting `plausibility_band` an admin chose, or the default
 * when it is unset or the station cannot reach the server (the prompt must work offline too).
 */
export function usePlausibilityBand(): number {
  const settings = useSettings({ staleTime: 5 * 60_000, retry: false });
  const band = Number(settings.data?.plausibility_band);
  return Number.isFinite(band) && band > 0 ? band : PLAUSIBILITY_WIDTHS;
}
