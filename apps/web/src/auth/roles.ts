import type { RoleName, User } from '../api/types';

export function hasRole(user: User | null | undefined, role: RoleName | 'admin'): boolean {
  if (!user) return false;
  if (role === 'admin') return user.is_admin;
  return user.roles.includes(role);
}

/** Where a user lands after login: the first screen their roles allow. */
export function homePath(user: User, stationMode: boolean): string {
  if (stationMode || hasRole(user, 'MeasurementTec')) return '/operator';
  if (hasRole(user, 'Maker')) return '/maker';
  if (hasRole(user, 'Metrologist')) return '/metrology';
  if (user.is_admin) return '/admin/users';
  return '/profile';
}

/** The change history is for administrators and metrologists (GET /api/history). */
export const canReadHistory = (user: User | null | undefined): boolean =>
  hasRole(user, 'admin') || hasRole(user, 'Metrologist');
