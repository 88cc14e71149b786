import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { parseMeasuredValue } from '../domain/classify';
import { ErrorBox, Loading } from '../ui/status';
import { useAction } from '../ui/use-action';
import type { AssignedStudy, NextReading } from './gage-types';

/**
 * The operator's side of a gage R&R study at a station: the studies waiting for them, then one reading at
 * a time in the study's randomised order ("part 7, trial 2"). The sequence shown goes back with the
 * value, so a value typed for one part can never be stored for another.
 */
export function GageEntryPage() {
  const { t } = useTranslation();
  const [studyId, setStudyId] = useState<number | null>(null);
  const assigned = useQuery({
    queryKey: ['gage-assigned'],
    queryFn: () => api<AssignedStudy[]>('/gage-studies/assigned'),
  });
  if (studyId !== null) return <ReadingForm studyId={studyId} onLeave={() => setStudyId(null)} />;
  return (
    <section>
      <h1>{t('gage.entryTitle')}</h1>
      <ErrorBox error={assigned.error} />
      {assigned.isPending && <Loading />}
      {assigned.data?.length === 0 && <p className="muted">{t('gage.nothingAssigned')}</p>}
      <div className="recipe-tiles">
        {assigned.data?.map(({ study, recorded, total }) => (
          <button key={study.id} type="button" onClick={() => setStudyId(study.id)}>
            {study.name}
            <small>
              {study.recipe_code} · #{study.marker_number} {study.characteristic}
            </small>
            <small>{t('gage.readingsDone', { recorded, total })}</small>
          </button>
        ))}
      </div>
    </section>
  );
}

function ReadingForm({ studyId, onLeave }: { studyId: number; onLeave(): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const record = useAction();
  const next = useQuery({
    queryKey: ['gage-next', studyId],
    queryFn: () => api<NextReading>(`/gage-studies/${studyId}/next`),
  });
  const reading = next.data?.next;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again whenever a new reading is asked for
  useEffect(() => inputRef.current?.focus(), [reading?.sequence]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseMeasuredValue(text);
    if (value === null || !reading) {
      setInvalid(true);
      return;
    }
    void record.run(async () => {
      try {
        await api(`/gage-studies/${studyId}/readings`, {
          method: 'POST',
          body: { sequence: reading.sequence, value },
        });
        setText('');
      } finally {
        // After a refusal too: the server's next reading is the truth (another tab may have recorded this one).
        await client.invalidateQueries({ queryKey: ['gage-next', studyId] });
        await client.invalidateQueries({ queryKey: ['gage-assigned'] });
      }
    });
  };

  if (next.isPending) return <Loading />;
  if (next.error) return <ErrorBox error={next.error} />;
  const { study, recorded, total } = next.data;
  return (
    <section>
      <h1>{study.name}</h1>
      <p>
        {study.recipe_code} · #{study.marker_number} {study.characteristic}
      </p>
      <p className="muted" data-testid="gage-progress">
        {t('gage.readingsDone', { recorded, total })}
      </p>
      {reading ? (
        <form className="card gage-reading" onSubmit={submit} data-testid="gage-reading">
          <p
            className="gage-prompt"
            data-testid="gage-prompt"
            data-part={reading.part}
            data-trial={reading.trial}
          >
            {t('gage.prompt', { part: reading.part, trial: reading.trial })}
          </p>
          <label>
            {t('operator.value')} ({study.unit})
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
            />
          </label>
          {invalid && <p className="field-error">{t('operator.invalidValue')}</p>}
          <ErrorBox error={record.error} />
          <button type="submit" disabled={record.busy}>
            {t('gage.record')}
          </button>
        </form>
      ) : (
        <p className="card" data-testid="gage-done">
          {t('gage.done')}
        </p>
      )}
      <button type="button" onClick={onLeave}>
        {t('gage.back')}
      </button>
    </section>
  );
}
