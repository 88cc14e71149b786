import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputMethod, Verdict } from '../api/types';
import { useUser } from '../auth/session';
import { classify, isImplausible, parseMeasuredValue, typedDecimals } from '../domain/classify';
import { decimalsFor } from '../format';
import { TaskImage } from '../ui/task-image';
import { detectInputMethod, emptyLog, type KeystrokeLog, recordKey } from './burst-detector';
import { type Draft, measurePoints, nextOpenPoint, partMeasurements } from './draft';
import { rememberGauge, useGauges } from './gauge-picker';
import { type GaugeStop, gaugeStopFor, PartGauge } from './part-gauge';
import { usePendingQueue } from './pending-context';
import { usePlausibilityBand } from './plausibility-band';
import { PlausibilityPrompt } from './plausibility-prompt';
import { PointLimits, ResultBanner } from './point-result';
import { PointsList } from './points-list';
import { type DraftUpdate, SerialCheckNotice, useSerialCheck } from './serial-check';

interface MeasureViewProps {
  draft: Draft;
  /** Changes the newest draft (not this render's copy: the serial check answers in the background). */
  onChange: DraftUpdate;
  onDone(lot: string, serial: string, verdicts: Record<Verdict, number>): void;
  onCancel(): void;
}

/**
 * One part: step through the points with the keyboard or a caliper; values are saved as they are entered. The
 * serial number is checked meanwhile; an earlier part of it in the lot holds Submit until the operator answers.
 */
export function MeasureView({ draft, onChange, onDone, onCancel }: MeasureViewProps) {
  const { t } = useTranslation();
  const queue = usePendingQueue();
  const user = useUser();
  const points = useMemo(() => measurePoints(draft.recipe), [draft.recipe]);
  const index = Math.min(draft.index, Math.max(0, points.length - 1));
  const point = points[index];
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [lastEntered, setLastEntered] = useState<number | null>(null);
  /** An implausible reading waiting for the operator: re-measure or confirm (PlausibilityPrompt). */
  const [outlier, setOutlier] = useState<{
    value: number;
    input_method: InputMethod;
    decimals: number;
  } | null>(null);
  const band = usePlausibilityBand();
  const gauges = useGauges();
  /** The part's gauge as the register has it now (the draft's copy when the server is out of reach). */
  const gauge = draft.gauge ? (gauges.data?.find((g) => g.id === draft.gauge?.id) ?? draft.gauge) : null;
  /** Why the reading in the field was not taken: the gauge may not be used, or it cannot show that value. */
  const [gaugeStop, setGaugeStop] = useState<GaugeStop | null>(null);
  const log = useRef<KeystrokeLog>(emptyLog());
  const inputRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  useSerialCheck(draft, onChange);
  const serialCheck = draft.serial_check?.state;
  /** Submit pressed before the serial check answered: the part is sent when it does, unless it found a duplicate. */
  const [submitAsked, setSubmitAsked] = useState(false);
  /** Bumped when the operator answered the serial notice, so the keyboard goes back to the measuring. */
  const [refocus, setRefocus] = useState(0);

  const missing = points.filter((p) => !draft.values[String(p.subtask.id)]).length;
  const complete = points.length > 0 && missing === 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the point even when only the index changed
  useEffect(() => {
    if (complete && lastEntered !== null) submitRef.current?.focus();
    else inputRef.current?.focus();
  }, [index, complete, lastEntered, refocus]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the check answers a Submit that waited for it
  useEffect(() => {
    if (!submitAsked || serialCheck === 'pending') return;
    setSubmitAsked(false);
    if (serialCheck !== 'duplicate') submit();
  }, [submitAsked, serialCheck]);

  const verdicts: Record<number, Verdict> = {};
  for (const p of points) {
    const recorded = draft.values[String(p.subtask.id)];
    if (recorded && p.task.id === point?.task.id)
      verdicts[p.subtask.marker_number] = classify(recorded.value, p.subtask);
  }

  function go(next: number) {
    log.current = emptyLog();
    setText('');
    setInvalid(false);
    setOutlier(null);
    onChange((current) => ({ ...current, index: Math.max(0, Math.min(points.length - 1, next)) }));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      go(index + (event.key === 'ArrowDown' ? 1 : -1));
      return;
    }
    if (event.key !== 'Enter') {
      log.current = recordKey(log.current, event.key, event.timeStamp);
      return;
    }
    event.preventDefault();
    if (!point) return;
    // read the field itself: a caliper's Enter can arrive before React has re-rendered the last digit
    const value = parseMeasuredValue(event.currentTarget.value);
    const decimals = typedDecimals(event.currentTarget.value);
    if (value === null) {
      setInvalid(true);
      return;
    }
    const input_method = detectInputMethod(log.current, event.timeStamp);
    const stop = gaugeStopFor(gauge, value, new Date());
    setGaugeStop(stop);
    if (stop) return;
    if (outlier?.value === value) {
      record(value, outlier.input_method, decimals);
      return;
    }
    if (isImplausible(value, point.subtask, band)) {
      // kept in the field and in the prompt: the next reading replaces it, the same one again confirms it
      log.current = emptyLog();
      setOutlier({ value, input_method, decimals });
      return;
    }
    record(value, input_method, decimals);
  }

  function record(value: number, input_method: InputMethod, decimals: number) {
    if (!point) return;
    const taken = { value, input_method, decimals, taken_at: new Date().toISOString() };
    const id = String(point.subtask.id);
    log.current = emptyLog();
    setText('');
    setInvalid(false);
    setOutlier(null);
    setLastEntered(index);
    onChange((current) => {
      const values = { ...current.values, [id]: gauge ? { ...taken, gauge_id: gauge.id } : taken };
      return { ...current, values, index: nextOpenPoint(points, values, index) ?? index };
    });
  }

  function submit() {
    if (!complete || serialCheck === 'duplicate') return;
    if (serialCheck === 'pending') {
      setSubmitAsked(true);
      return;
    }
    const measurements = partMeasurements(draft, points);
    // Written to storage before the first attempt: from here on the part survives anything.
    queue.enqueue(
      {
        operator_id: user.id,
        operator_name: user.username,
        recipe_code: draft.recipe.code,
        recipe_name: draft.recipe.name,
        lot_number: draft.lot_number,
        serial_number: draft.serial_number,
        version_number: draft.recipe.current_version.version_number,
      },
      measurements,
    );
    void queue.flush(user.id);
    const counts: Record<Verdict, number> = { pass: 0, warning: 0, fail: 0 };
    for (const p of points) counts[classify(draft.values[String(p.subtask.id)]!.value, p.subtask)] += 1;
    onDone(draft.lot_number, draft.serial_number, counts);
  }

  if (!point) return <p className="notice">{t('maker.noTasks')}</p>;
  const digits = decimalsFor(
    point.subtask.nominal,
    point.subtask.ltl,
    point.subtask.lwl,
    point.subtask.uwl,
    point.subtask.utl,
  );
  const last = lastEntered !== null ? points[lastEntered] : undefined;
  const lastValue = last ? draft.values[String(last.subtask.id)] : undefined;
  const typed = parseMeasuredValue(text);
  const tasksTotal = new Set(points.map((p) => p.task.id)).size;

  return (
    <section>
      <div className="row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <h1 style={{ margin: 0 }}>
          {draft.recipe.name} · {t('operator.lot')} {draft.lot_number} · {t('operator.serial')}{' '}
          {draft.serial_number}
        </h1>
        <div className="row" style={{ alignItems: 'center' }}>
          <span className="muted">
            {t('operator.task', { current: point.taskIndex + 1, total: tasksTotal })}
          </span>
          <button
            type="button"
            className="danger"
            onClick={() => {
              if (window.confirm(t('operator.cancelPartConfirm'))) onCancel();
            }}
          >
            {t('operator.cancelPart')}
          </button>
        </div>
      </div>
      <SerialCheckNotice draft={draft} update={onChange} onAnswered={() => setRefocus((n) => n + 1)} />
      <div className="measure-layout" style={{ marginTop: '0.75rem' }}>
        <div>
          <h2 style={{ marginTop: 0 }}>{point.task.title}</h2>
          {point.task.directive && <p>{point.task.directive}</p>}
          <TaskImage
            filePath={point.task.file_path}
            annotations={point.task.annotations_json}
            currentMarker={complete ? null : point.subtask.marker_number}
            verdicts={verdicts}
            alt={point.task.title}
          />
        </div>
        <div className="card point-panel">
          <h2 style={{ marginTop: 0 }}>
            {t('operator.point', { n: point.subtask.marker_number })}{' '}
            <span className="muted">{point.subtask.description}</span>
          </h2>
          <p className="muted">{t('operator.pointOf', { current: index + 1, total: points.length })}</p>
          <PointLimits subtask={point.subtask} digits={digits} />
          <label>
            {t('operator.value')} ({point.subtask.unit})
            <input
              ref={inputRef}
              className="big-input"
              name="value"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              aria-invalid={invalid}
              onChange={(e) => {
                setText(e.target.value);
                setInvalid(false);
              }}
              onPaste={() => {
                log.current = { ...log.current, edited: true };
              }}
              onKeyDown={onKeyDown}
            />
          </label>
          {invalid && <p className="field-error">{t('operator.invalidValue')}</p>}
          <PartGauge
            gauge={gauge}
            gauges={gauges.data ?? []}
            stop={gaugeStop}
            onPick={(picked) => {
              rememberGauge(user.id, picked);
              setGaugeStop(null);
              onChange((current) => ({ ...current, gauge: picked }));
              inputRef.current?.focus();
            }}
          />
          {outlier && (
            <PlausibilityPrompt
              value={outlier.value}
              limits={point.subtask}
              unit={point.subtask.unit}
              digits={digits}
              onRemeasure={() => {
                setOutlier(null);
                setText('');
                inputRef.current?.focus();
              }}
              onConfirm={() => record(outlier.value, outlier.input_method, outlier.decimals)}
            />
          )}
          <ResultBanner
            typed={typed === null ? null : { value: typed, decimals: typedDecimals(text) }}
            point={point}
            last={last && lastValue ? { point: last, recorded: lastValue } : null}
            digits={digits}
          />
          <p className="key-hint">{t('operator.keysHint')}</p>
          <PointsList points={points} values={draft.values} current={index} />
          {complete ? (
            <p className="ok-box">{t('operator.submitHint')}</p>
          ) : (
            <p className="muted">{t('operator.missing', { count: missing })}</p>
          )}
          <button
            ref={submitRef}
            type="button"
            className="primary"
            disabled={!complete || serialCheck === 'duplicate'}
            aria-busy={submitAsked || undefined}
            onClick={submit}
            onKeyDown={(event) => {
              if (event.key === 'Escape') inputRef.current?.focus();
            }}
            style={{ width: '100%' }}
          >
            {submitAsked ? t('duplicateSerial.checking') : t('operator.submit')}
          </button>
        </div>
      </div>
    </section>
  );
}
