import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { useSession } from '../auth/session';
import { type BatchSubmission, type PendingBatch, PendingQueue } from './pending-queue';

const PendingContext = createContext<PendingQueue | null>(null);

function sendBatch(submission: BatchSubmission): Promise<unknown> {
  return api('/measurements/batch', { method: 'POST', body: submission });
}

/**
 * One queue per browser profile, kept in localStorage. It is flushed at start, when the browser comes
 * back online, after a login (a 401 paused it) and whenever the earliest backoff expires.
 */
export function PendingProvider({ children }: { children: ReactNode }) {
  const queue = useMemo(() => new PendingQueue({ storage: localStorage, send: sendBatch }), []);
  const { user } = useSession();

  useEffect(() => {
    if (!user) return;
    const operatorId = user.id;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = () => {
      clearTimeout(timer);
      const due = queue.nextDueIn(operatorId);
      if (due === null || stopped) return;
      timer = setTimeout(() => void queue.flush(operatorId).then(schedule), Math.max(250, due));
    };
    const flushNow = () => {
      queue.wakeUp(operatorId);
      void queue.flush(operatorId).then(schedule);
    };
    const unsubscribe = queue.subscribe(schedule);
    window.addEventListener('online', flushNow);
    flushNow();
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('online', flushNow);
    };
  }, [queue, user]);

  return <PendingContext.Provider value={queue}>{children}</PendingContext.Provider>;
}

export function usePendingQueue(): PendingQueue {
  const queue = useContext(PendingContext);
  if (!queue) throw new Error('usePendingQueue outside PendingProvider');
  return queue;
}

export function usePendingBatches(): PendingBatch[] {
  const queue = usePendingQueue();
  // list() parses storage each call; cache by raw text so React sees a stable snapshot
  const store = useMemo(() => {
    let lastRaw: string | null = null;
    let lastList: PendingBatch[] = [];
    return {
      subscribe: (listener: () => void) => queue.subscribe(listener),
      snapshot: () => {
        const raw = localStorage.getItem('measure.pendingBatches');
        if (raw !== lastRaw) {
          lastRaw = raw;
          lastList = queue.list();
        }
        return lastList;
      },
    };
  }, [queue]);
  return useSyncExternalStore(store.subscribe, store.snapshot);
}
