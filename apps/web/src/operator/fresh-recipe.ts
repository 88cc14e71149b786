import { useEffect } from 'react';
import { api } from '../api/client';
import type { Recipe } from '../api/types';

/**
 * The station measures against the current version: whenever a new part can be started (the part form is
 * shown) and whenever the connection comes back, the recipe is read again and a newer version replaces the
 * loaded one. Offline the loaded version stays; parts measured on it that reach the server after a release
 * are sent as back-entries by the queue (pending-queue.ts), so none is lost.
 */
export function useFreshRecipe(recipe: Recipe | null, active: boolean, onNewer: (fresh: Recipe) => void) {
  const code = recipe?.code;
  const versionId = recipe?.current_version.id;
  useEffect(() => {
    if (!active || code === undefined) return;
    let stopped = false;
    const refresh = () => {
      api<Recipe>(`/recipes/code/${encodeURIComponent(code)}`).then(
        (fresh) => {
          if (!stopped && fresh.current_version.id !== versionId) onNewer(fresh);
        },
        () => undefined, // unreachable: keep the loaded version
      );
    };
    refresh();
    window.addEventListener('online', refresh);
    return () => {
      stopped = true;
      window.removeEventListener('online', refresh);
    };
  }, [active, code, versionId, onNewer]);
}
