import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../api/client';
import type { Recipe, StationRecipe, Verdict } from '../api/types';
import { ErrorBox, Loading } from '../ui/status';
import { type Draft, loadDraft, saveDraft } from './draft';
import { useFreshRecipe } from './fresh-recipe';
import { MeasureView } from './measure-view';
import { PartForm } from './part-form';

const STATION_KEY = 'measure.stationCode';

/**
 * The operator's flow: the station's recipes, then lot and serial, then the points. In station mode the
 * station code comes from the station server; in the full client a technician types it once per browser.
 */
export function OperatorPage({ stationCode }: { stationCode?: string }) {
  const { t } = useTranslation();
  const [ownCode, setOwnCode] = useState(() => localStorage.getItem(STATION_KEY) ?? '');
  const code = stationCode ?? ownCode;
  const [draft, setDraftState] = useState<Draft | null>(() => loadDraft());
  const [recipe, setRecipe] = useState<Recipe | null>(() => draft?.recipe ?? null);
  const [lastLot, setLastLot] = useState(() => draft?.lot_number ?? '');
  const [saved, setSaved] = useState<{ serial: string; verdicts: Record<Verdict, number> } | null>(null);
  // a new part starts on the current version: a release since the recipe was loaded replaces it
  useFreshRecipe(recipe, !draft, setRecipe);

  // The newest draft, also before React re-renders: a background answer (the serial check) and a reading typed
  // in the same instant both build on it, so neither overwrites the other.
  const latest = useRef(draft);
  const setDraft = useCallback((next: Draft | null) => {
    latest.current = next;
    saveDraft(next);
    setDraftState(next);
  }, []);
  const updateDraft = useCallback(
    (update: (current: Draft) => Draft) => {
      if (latest.current) setDraft(update(latest.current));
    },
    [setDraft],
  );

  return (
    <div className="station">
      {stationCode === undefined && (
        <StationCodeForm
          value={ownCode}
          onSet={(value) => {
            localStorage.setItem(STATION_KEY, value);
            setOwnCode(value);
          }}
        />
      )}
      {saved && !draft && (
        // a part with a failing point is shown as an alarm: the operator must set it aside
        <div
          className={saved.verdicts.fail > 0 ? 'error-box' : 'ok-box'}
          role="status"
          data-testid="part-saved"
        >
          {t('operator.queued', { serial: saved.serial })}{' '}
          {t('operator.partVerdicts', {
            pass: saved.verdicts.pass,
            warning: saved.verdicts.warning,
            fail: saved.verdicts.fail,
          })}
        </div>
      )}
      {draft ? (
        <MeasureView
          draft={draft}
          onChange={updateDraft}
          onDone={(lot, serial, verdicts) => {
            setLastLot(lot);
            setSaved({ serial, verdicts });
            setDraft(null);
          }}
          onCancel={() => setDraft(null)}
        />
      ) : recipe ? (
        <PartForm
          recipe={recipe}
          initialLot={lastLot}
          onStart={(lot_number, serial_number, gauge) => {
            setSaved(null);
            // the part starts at once; its serial number is checked while it is measured
            setDraft({
              recipe,
              lot_number,
              serial_number,
              values: {},
              index: 0,
              gauge,
              serial_check: { state: 'pending' },
            });
          }}
          onChangeRecipe={() => setRecipe(null)}
        />
      ) : code ? (
        <RecipePicker code={code} onPick={setRecipe} />
      ) : null}
    </div>
  );
}

function StationCodeForm({ value, onSet }: { value: string; onSet(value: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  return (
    <form
      className="row card"
      onSubmit={(event) => {
        event.preventDefault();
        onSet(text.trim());
      }}
    >
      <label>
        {t('operator.stationCode')}
        <input name="station_code" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit">{t('operator.setStation')}</button>
    </form>
  );
}

function RecipePicker({ code, onPick }: { code: string; onPick(recipe: Recipe): void }) {
  const { t } = useTranslation();
  const recipes = useQuery({
    queryKey: ['station-recipes', code],
    queryFn: () => api<StationRecipe[]>(`/stations/by-code/${encodeURIComponent(code)}/recipes`),
  });
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loading, setLoading] = useState<string | null>(null);

  async function pick(recipeCode: string) {
    setLoading(recipeCode);
    setLoadError(null);
    try {
      onPick(await api<Recipe>(`/recipes/code/${encodeURIComponent(recipeCode)}`));
    } catch (error) {
      setLoadError(error);
    } finally {
      setLoading(null);
    }
  }

  if (recipes.isPending) return <Loading />;
  if (recipes.error) {
    const missing = recipes.error instanceof ApiError && recipes.error.status === 404;
    return missing ? (
      <div className="error-box">{t('operator.stationMissing', { code })}</div>
    ) : (
      <ErrorBox error={recipes.error} />
    );
  }
  return (
    <section>
      <h1>{t('operator.chooseRecipe')}</h1>
      <ErrorBox error={loadError} />
      {recipes.data.length === 0 && <p className="notice">{t('operator.noRecipes', { code })}</p>}
      <div className="recipe-tiles">
        {recipes.data.map((item, i) => (
          <button
            key={item.id}
            type="button"
            autoFocus={i === 0}
            disabled={loading !== null}
            onClick={() => void pick(item.code)}
            onKeyDown={moveBetweenTiles}
          >
            {item.name}
            <small>{item.code}</small>
          </button>
        ))}
      </div>
    </section>
  );
}

/** Arrow keys move between recipe tiles, so the station needs no mouse. */
function moveBetweenTiles(event: KeyboardEvent<HTMLButtonElement>) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (!step) return;
  event.preventDefault();
  const tiles = [...(event.currentTarget.parentElement?.querySelectorAll('button') ?? [])];
  const next = tiles[(tiles.indexOf(event.currentTarget) + step + tiles.length) % tiles.length];
  next?.focus();
}
