import { useCallback, useState } from 'react';

/** Runs a user action, keeping its error for display and a busy flag to disable the button meanwhile. */
export function useAction() {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (failure) {
      setError(failure);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { run, error, busy, clearError: () => setError(null) };
}
