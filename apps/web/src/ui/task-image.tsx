import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileObjectUrl } from '../api/client';
import type { Verdict } from '../api/types';
import { markersOf, movedCursor, relativePosition } from '../domain/markers';

type Position = { x: number; y: number };

interface TaskImageProps {
  filePath: string | null | undefined;
  annotations: unknown;
  currentMarker?: number | null;
  verdicts?: Record<number, Verdict>;
  /**
   * When set, the image is a placement surface (maker): a click, or Enter after moving the keyboard cursor
   * with the arrow keys, gives the position (0..1 of the picture) to the caller. The surface takes the
   * focus when it becomes one.
   */
  onPlace?: (position: Position) => void;
  /** Escape on the placement surface. */
  onCancel?: () => void;
  alt: string;
}

/** The task image with its numbered markers; the current one is large and orange, measured ones take their verdict colour. */
export function TaskImage({
  filePath,
  annotations,
  currentMarker,
  verdicts,
  onPlace,
  onCancel,
  alt,
}: TaskImageProps) {
  const { t } = useTranslation();
  const surface = useRef<HTMLDivElement>(null);
  // The keyboard's placement cursor: shown once an arrow key moved it, starting where the marker is now.
  const [cursor, setCursor] = useState<Position | null>(null);
  const placing = Boolean(onPlace);
  const image = useQuery({
    queryKey: ['file', filePath],
    queryFn: () => fileObjectUrl(filePath!),
    enabled: Boolean(filePath),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
  const loaded = Boolean(image.data);
  // A new marker to place starts a new cursor; the surface takes the focus once the picture is there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: currentMarker and loaded are the triggers, not inputs
  useEffect(() => {
    setCursor(null);
    if (placing && loaded) surface.current?.focus();
  }, [placing, currentMarker, loaded]);
  if (!filePath) return <div className="card muted">{t('operator.noImage')}</div>;
  if (!image.data)
    return <div className="card muted">{image.isError ? t('app.error') : t('app.loading')}</div>;
  const markers = markersOf(annotations);
  const click = (event: MouseEvent<HTMLDivElement>) =>
    onPlace?.(relativePosition(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect()));
  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') return onCancel?.();
    const current = cursor ??
      markers.find((marker) => marker.marker_number === currentMarker) ?? { x: 0.5, y: 0.5 };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      return onPlace?.({ x: current.x, y: current.y });
    }
    const moved = movedCursor(current, event.key, event.shiftKey);
    if (!moved) return;
    event.preventDefault(); // the arrow keys move the cursor, not the page
    setCursor(moved);
  };
  const content = (
    <>
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
      {placing && cursor && (
        <span
          className="placement-cursor"
          style={{ left: `${cursor.x * 100}%`, top: `${cursor.y * 100}%` }}
          data-testid="placement-cursor"
        />
      )}
      {placing && (
        <span id="placement-keys" className="visually-hidden">
          {t('maker.placementKeys')}
        </span>
      )}
    </>
  );
  if (!placing)
    return (
      <div className="task-image" data-testid="task-image">
        {content}
      </div>
    );
  return (
    // A two-dimensional pointer surface with its own keys: role application, so screen readers pass the keys on.
    <div
      ref={surface}
      className="task-image placing"
      onClick={click}
      onKeyDown={key}
      role="application"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it must take the focus for its keys; no native element is a 2-D picker
      tabIndex={0}
      aria-label={t('maker.placing', { n: currentMarker })}
      aria-describedby="placement-keys"
      data-testid="task-image"
    >
      {content}
    </div>
  );
}
