import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './i18n';
import { loadStationConfig } from './station-config';
import './styles.css';
import { applyStoredTheme } from './theme';

applyStoredTheme();
void loadStationConfig().then((station) => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App station={station} />
    </StrictMode>,
  );
});
