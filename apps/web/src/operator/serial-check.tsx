import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { ApiAnswer } from '../api/types';
import { formatDateTime } from '../format';
import type { Draft } from './draft';
import { checkSerial, type PartKey } from './duplicate-serial';
import { usePendingBatches } from './pending-context';

/**
 * The server's word on a serial number, or an error after SERIAL_CHECK_MS. The check runs while the operator
 * already measures, so the bound no longer holds anyone up: it only decides when a silent server counts as
 * "not checked" (a quiet note) instead of keeping a Submit that was pressed waiting.
 */
const SERIAL_CHECK_MS = 1500;
const serverCheck = (key: PartKey) =>
  api<ApiAnswer<'getMeasurementsSerialCheck'>>('/measurements/serial-check', {
    query: { recipe_id: key.recipe_id, lot_number: key.lot_number, serial_number: key.serial_number },
    signal: AbortSignal.timeout(SERIAL_CHECK_MS),
  });

export type DraftUpdate = (update: (draft: Draft) => Draft) => void;

/**
 * Runs the duplicate-serial check of the part in progress in the background whenever the draft says it is
 * pending (a new part, a changed serial, a reload before the answer came). The answer is merged into the newest
 * draft, never a copy from when the check started, so readings typed meanwhile stay; an answer for a serial the
 * operator has since changed is dropped.
 */
export function useSerialCheck(draft: Draft, update: DraftUpdate): void {
  const batches = usePendingBatches();
  // read when a check starts; the queue changing (a retry, a flush) is no reason to ask the server again
  const queued = useRef(batches);
  queued.current = batches;
  const pending = draft.serial_check?.state === 'pending';
  const { recipe, lot_number, serial_number } = draft;

  useEffect(() => {
    if (!pending) return;
    let stale = false;
    const key = { recipe_id: recipe.id, recipe_code: recipe.code, lot_number, serial_number };
    void checkSerial(key, queued.current, serverCheck).then((answer) => {
      if (stale) return;
      update((current) =>
        current.serial_check?.state === 'pending' &&
        current.lot_number === lot_number &&
        current.serial_number === serial_number
          ? { ...current, serial_check: answer }
          : current,
      );
    });
    return () => {
      stale = true;
    };
  }, [pending, recipe.id, recipe.code, lot_number, serial_number, update]);
}

/**
 * What the check found, shown in the measure view: an earlier part of this serial in the lot asks the operator
 * to keep the serial (measured again on purpose) or change it (checked again); Submit waits for that answer. A
 * check that got no answer is only noted. `onAnswered` hands the keyboard back to the measuring.
 */
export function SerialCheckNotice({
  draft,
  update,
  onAnswered,
}: {
  draft: Draft;
  update: DraftUpdate;
  onAnswered(): void;
}) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const check = draft.serial_check;

  if (check?.state === 'unchecked')
    return (
      <p className="muted" data-testid="serial-unchecked">
        {t('duplicateSerial.unchecked', { serial: draft.serial_number })}
      </p>
    );
  if (check?.state !== 'duplicate') return null;
  const { earlier } = check;
  return (
    <div className="notice" role="alert" data-testid="duplicate-serial">
      <p style={{ marginTop: 0 }}>
        {t(earlier.where === 'queue' ? 'duplicateSerial.queued' : 'duplicateSerial.stored', {
          serial: draft.serial_number,
          lot: draft.lot_number,
          count: earlier.count,
          time: formatDateTime(earlier.last_measured_at),
        })}
      </p>
      {changing ? (
        <SerialChange
          serial={draft.serial_number}
          onCancel={() => setChanging(false)}
          onChange={(serial_number) => {
            setChanging(false);
            update((current) => ({ ...current, serial_number, serial_check: { state: 'pending' } }));
            onAnswered();
          }}
        />
      ) : (
        <div className="row">
          <button type="button" onClick={() => setChanging(true)}>
            {t('duplicateSerial.change')}
          </button>
          <button
            type="button"
            onClick={() => {
              update((current) => ({ ...current, serial_check: { state: 'confirmed', earlier } }));
              onAnswered();
            }}
          >
            {t('duplicateSerial.keep')}
          </button>
        </div>
      )}
    </div>
  );
}

function SerialChange({
  serial,
  onChange,
  onCancel,
}: {
  serial: string;
  onChange(serial: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(serial);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) onChange(text.trim());
  }

  return (
    <form className="row" onSubmit={submit} style={{ alignItems: 'end' }}>
      <label>
        {t('duplicateSerial.newSerial')}
        <input
          ref={input}
          name="new_serial_number"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onCancel();
          }}
        />
      </label>
      <button type="submit" className="primary">
        {t('duplicateSerial.useSerial')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </form>
  );
}
