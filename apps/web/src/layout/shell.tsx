import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { canReadHistory, hasRole } from '../auth/roles';
import { useSession, useUser } from '../auth/session';
import { PendingBar } from '../operator/pending-panel';

export function Shell({ stationMode, stationCode }: { stationMode: boolean; stationCode?: string }) {
  const { t } = useTranslation();
  const user = useUser();
  const { logout } = useSession();
  const links: { to: string; label: string; show: boolean }[] = [
    { to: '/operator', label: t('nav.operator'), show: stationMode || hasRole(user, 'MeasurementTec') },
    { to: '/maker', label: t('nav.maker'), show: !stationMode && hasRole(user, 'Maker') },
    { to: '/metrology', label: t('nav.metrology'), show: !stationMode && hasRole(user, 'Metrologist') },
    { to: '/gage-entry', label: t('gage.navEntry'), show: stationMode || hasRole(user, 'MeasurementTec') },
    { to: '/gage-studies', label: t('gage.nav'), show: !stationMode && hasRole(user, 'Metrologist') },
    { to: '/admin/users', label: t('nav.users'), show: !stationMode && user.is_admin },
    { to: '/admin/stations', label: t('nav.stations'), show: !stationMode && user.is_admin },
    { to: '/admin/settings', label: t('nav.settings'), show: !stationMode && user.is_admin },
    {
      to: '/gauges',
      label: t('gauges.title'),
      show: !stationMode && (user.is_admin || hasRole(user, 'Metrologist')),
    },
    { to: '/history', label: t('history.nav'), show: !stationMode && canReadHistory(user) },
    { to: '/profile', label: t('nav.profile'), show: true },
  ];
  return (
    <>
      <header className="app-header">
        <span className="brand">{t('app.title')}</span>
        {stationMode && stationCode && (
          <span className="muted">{t('nav.station', { code: stationCode })}</span>
        )}
        <nav aria-label={t('nav.main')}>
          {links
            .filter((link) => link.show)
            .map((link) => (
              <NavLink key={link.to} to={link.to}>
                {link.label}
              </NavLink>
            ))}
        </nav>
        <span className="spacer" />
        <span>{user.display_name || user.username}</span>
        <button type="button" onClick={() => void logout()}>
          {t('nav.logout')}
        </button>
      </header>
      <PendingBar />
      <main>
        <Outlet />
      </main>
    </>
  );
}
