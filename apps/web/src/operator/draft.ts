import type { Gauge, InputMethod, MeasurementCreate, Recipe, Subtask, Task } from '../api/types';
import type { SerialCheckState } from './duplicate-serial';

/** One recorded point of the part in progress. */
export interface DraftValue {
  value: number;
  input_method: InputMethod;
  /** The gauge in use when the value was entered (absent in drafts of an older client or without gauges). */
  gauge_id?: number;
  /** When the value was entered: the server judges the gauge at this time, however late the part arrives. */
  taken_at?: string;
  /** Decimals as typed (120.060 → 3), so the value is shown as typed; absent in drafts saved before. */
  decimals?: number;
}

/**
 * The part in progress, written to localStorage on every change: a reload or a crash brings the
 * operator back to the same point with every value typed so far. The recipe is kept with it so the
 * part can be finished while the server is unreachable.
 */
export interface Draft {
  recipe: Recipe;
  lot_number: string;
  serial_number: string;
  values: Record<string, DraftValue>;
  index: number;
  /** The gauge the operator measures with; null or absent when the register holds none. */
  gauge?: Gauge | null;
  /**
   * The duplicate-serial check, which runs while the part is measured. Absent in drafts of a client that
   * checked before the part started: those were checked already.
   */
  serial_check?: SerialCheckState;
}

export interface MeasurePoint {
  task: Task;
  taskIndex: number;
  subtask: Subtask;
}

const KEY = 'measure.draft';

export function loadDraft(storage: Pick<Storage, 'getItem'> = localStorage): Draft | null {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? 'null') as Draft | null;
    return parsed?.recipe && parsed.values ? parsed : null;
  } catch {
    return null;
  }
}

export function saveDraft(
  draft: Draft | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  if (draft) storage.setItem(KEY, JSON.stringify(draft));
  else storage.removeItem(KEY);
}

/** Every point of the current version in the order the operator measures them: task order, then marker number. */
export function measurePoints(recipe: Recipe): MeasurePoint[] {
  const tasks = [...(recipe.current_version?.tasks ?? [])].sort((a, b) => a.order_index - b.order_index);
  return tasks.flatMap((task, taskIndex) =>
    [...task.subtasks]
      .sort((a, b) => a.marker_number - b.marker_number)
      .map((subtask) => ({ task, taskIndex, subtask })),
  );
}

/** After a value at `index`, the next point still without a value (wrapping), or null when all are done. */
export function nextOpenPoint(
  points: MeasurePoint[],
  values: Record<string, DraftValue>,
  index: number,
): number | null {
  for (let step = 1; step <= points.length; step++) {
    const candidate = (index + step) % points.length;
    if (!values[String(points[candidate]!.subtask.id)]) return candidate;
  }
  return null;
}

/** The finished part as the measurements sent to the server: one per point, each with its value's gauge and time. */
export function partMeasurements(draft: Draft, points: MeasurePoint[]): MeasurementCreate[] {
  return points.map((p) => {
    const recorded = draft.values[String(p.subtask.id)]!;
    return {
      subtask_id: p.subtask.id,
      version_id: p.task.version_id,
      value: recorded.value,
      lot_number: draft.lot_number,
      serial_number: draft.serial_number,
      input_method: recorded.input_method,
      ...(recorded.gauge_id === undefined ? {} : { gauge_id: recorded.gauge_id }),
      ...(recorded.taken_at === undefined ? {} : { taken_at: recorded.taken_at }),
    };
  });
}
