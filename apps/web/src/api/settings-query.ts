import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { Settings } from './types';

/** The service's settings (one query key for every page that reads them, so a save refreshes them all). */
export const useSettings = (options: Omit<UseQueryOptions<Settings>, 'queryKey' | 'queryFn'> = {}) =>
  useQuery({ ...options, queryKey: ['settings'], queryFn: () => api<Settings>('/settings/') });
