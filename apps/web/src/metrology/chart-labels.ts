import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../format';
import type { ChartLabels } from './chart-options';

/** The charts' texts in the user's language; formatNumber reads the language, so they follow its changes. */
export function useChartLabels(): ChartLabels {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.language is the reason to rebuild
  return useMemo(
    () => ({
      format: (value: number, decimals: number) => formatNumber(value, decimals),
      value: t('metrology.value'),
      ucl: t('metrology.ucl'),
      lcl: t('metrology.lcl'),
      center: t('metrology.center'),
      usl: t('metrology.usl'),
      lsl: t('metrology.lsl'),
      outOfControl: t('metrology.outOfControl'),
      frequency: t('metrology.frequency'),
      normalCurve: t('metrology.normalCurve'),
      movingRange: t('metrology.movingRange'),
      excluded: t('metrology.excluded'),
      time: (iso: string) => formatDateTime(iso),
      version: (number: number) => t('metrology.versionMark', { number }),
    }),
    [t, i18n.language],
  );
}
