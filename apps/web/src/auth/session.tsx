import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, api, getApiKey, onUnauthorized, setApiKey } from '../api/client';
import type { ApiAnswer, User } from '../api/types';
import { applyLanguage } from '../i18n';
import { applyTheme } from '../theme';

export interface ProfilePatch {
  display_name?: string;
  language_pref?: string;
  theme_pref?: string;
}

interface SessionValue {
  user: User | null;
  /** True while a stored key is being checked at start-up. */
  checking: boolean;
  login(username: string, password: string): Promise<User>;
  logout(): Promise<void>;
  updateProfile(patch: ProfilePatch): Promise<User>;
}

const SessionContext = createContext<SessionValue | null>(null);

const USER_KEY = 'measure.user';

function applyPrefs(user: User): void {
  applyLanguage(user.language_pref);
  applyTheme(user.theme_pref);
}

/** Kept with the key so a station that reloads while the server is unreachable can go on measuring. */
function rememberUser(user: User | null): void {
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_KEY);
}

function rememberedUser(): User | null {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as User | null;
  } catch {
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(null);
  const [checking, setChecking] = useState(() => getApiKey() !== null);

  const endSession = useCallback(() => {
    setApiKey(null);
    rememberUser(null);
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    onUnauthorized(endSession);
    return () => onUnauthorized(undefined);
  }, [endSession]);

  useEffect(() => {
    if (!getApiKey()) return;
    api<User>('/auth/me')
      .then((me) => {
        applyPrefs(me);
        rememberUser(me);
        setUser(me);
      })
      .catch((error) => {
        // 401 already ended the session. Without an answer (outage, 5xx) the last known user carries on:
        // values are kept locally and sent with this key once the server is back.
        const offline = error instanceof ApiError && (error.status === 0 || error.status >= 500);
        const known = rememberedUser();
        if (offline && known) {
          applyPrefs(known);
          setUser(known);
        }
      })
      .finally(() => setChecking(false));
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      user,
      checking,
      async login(username, password) {
        const result = await api<ApiAnswer<'postAuthLogin'>>('/auth/login', {
          method: 'POST',
          body: { username, password },
        });
        setApiKey(result.api_key);
        rememberUser(result.user);
        applyPrefs(result.user);
        setUser(result.user);
        return result.user;
      },
      async logout() {
        try {
          await api('/auth/logout', { method: 'POST' });
        } finally {
          endSession();
        }
      },
      async updateProfile(patch) {
        const updated = await api<User>('/auth/me', { method: 'PUT', body: patch });
        rememberUser(updated);
        applyPrefs(updated);
        setUser(updated);
        return updated;
      },
    }),
    [user, checking, endSession],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The signed-in user; only used below the login gate. */
export function useUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useUser without a signed-in user');
  return user;
}
