import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fileObjectUrl } from '../api/client';
import type { Verdict } from '../api/types';
import { markersOf } from '../domain/markers';

interface TaskImageProps {
  filePath: string | null | undefined;
  annotations: unknown;
  currentMarker?: number | null;
  verdicts?: Record<number, Verdict>;
  /** When set, the image is a placement surface (maker); the click position goes to the caller. */
  onPlace?: (event: MouseEvent<HTMLDivElement>, rect: DOMRect) => void;
  alt: string;
}

/** The task image with its numbered markers; the current one is large and orange, measured ones take their verdict colour. */
export function TaskImage({ filePath, annotations, currentMarker, verdicts, onPlace, alt }: TaskImageProps) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey: ['file', filePath],
    queryFn: () => fileObjectUrl(filePath!),
    enabled: Boolean(filePath),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
  if (!filePath) return <div className="card muted">{t('operator.noImage')}</div>;
  if (!image.data)
    return <div className="card muted">{image.isError ? t('app.error') : t('app.loading')}</div>;
  const markers = markersOf(annotations);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: placing a marker is a pointer action on the picture (maker screen only)
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      className={`task-image${onPlace ? ' placing' : ''}`}
      onClick={onPlace ? (event) => onPlace(event, event.currentTarget.getBoundingClientRect()) : undefined}
      data-testid="task-image"
    >
      <img src={image.data} alt={alt} draggable={false} />
      {markers.map((marker) => {
        const verdict = verdicts?.[marker.marker_number];
        const classes = [
          'marker',
          marker.marker_number === currentMarker ? 'current' : '',
          verdict ? `done-${verdict}` : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <span
            key={marker.marker_number}
            className={classes}
            style={{ left: `${marker.x * 100}%`, top: `${marker.y * 100}%` }}
            data-marker={marker.marker_number}
            aria-current={marker.marker_number === currentMarker ? 'true' : undefined}
          >
            {marker.marker_number}
          </span>
        );
      })}
    </div>
  );
}
