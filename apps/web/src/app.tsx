import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { GaugesPage } from './admin/gauges.page';
import { SettingsPage } from './admin/settings.page';
import { StationsPage } from './admin/stations.page';
import { UsersPage } from './admin/users.page';
import { ApiError } from './api/client';
import { LoginPage } from './auth/login.page';
import { ProfilePage } from './auth/profile.page';
import { homePath } from './auth/roles';
import { SessionProvider, useSession } from './auth/session';
import { GageEntryPage } from './gage/gage-entry.page';
import { GageStudiesPage } from './gage/gage-studies.page';
import { HistoryPage } from './history/history.page';
import { Shell } from './layout/shell';
import { RecipeEditorPage } from './maker/recipe-editor.page';
import { RecipesPage } from './maker/recipes.page';
import { OperatorPage } from './operator/operator.page';
import { PendingProvider } from './operator/pending-context';
import type { StationConfig } from './station-config';
import { Loading } from './ui/status';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry; only lost connections and server errors are retried.
        retry: (count, error) =>
          count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
    },
  });
}

const queryClient = makeQueryClient();

// ECharts is most of the bundle and only metrologists need it: stations never download it.
const MetrologyPage = lazy(() =>
  import('./metrology/metrology.page').then((module) => ({ default: module.MetrologyPage })),
);
const OverviewPage = lazy(() =>
  import('./metrology/overview.page').then((module) => ({ default: module.OverviewPage })),
);

export function App({ station }: { station: StationConfig | null }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <PendingProvider>
          <BrowserRouter>
            <AppRoutes station={station} />
          </BrowserRouter>
        </PendingProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}

function AppRoutes({ station }: { station: StationConfig | null }) {
  const { user, checking } = useSession();
  if (checking) return <Loading />;
  if (!user) {
    return (
      <Routes>
        <Route path="*" element={<LoginPage />} />
      </Routes>
    );
  }
  const stationMode = station !== null;
  return (
    <Routes>
      <Route element={<Shell stationMode={stationMode} stationCode={station?.station_code} />}>
        <Route path="/operator" element={<OperatorPage stationCode={station?.station_code} />} />
        <Route path="/gage-entry" element={<GageEntryPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        {!stationMode && (
          <>
            <Route path="/maker" element={<RecipesPage />} />
            <Route path="/maker/recipes/:recipeId" element={<RecipeEditorPage />} />
            <Route
              path="/metrology"
              element={
                <Suspense fallback={<Loading />}>
                  <OverviewPage />
                </Suspense>
              }
            />
            <Route
              path="/metrology/chart"
              element={
                <Suspense fallback={<Loading />}>
                  <MetrologyPage />
                </Suspense>
              }
            />
            <Route path="/gage-studies" element={<GageStudiesPage />} />
            <Route path="/admin/users" element={<UsersPage />} />
            <Route path="/admin/stations" element={<StationsPage />} />
            <Route path="/admin/settings" element={<SettingsPage />} />
            <Route path="/gauges" element={<GaugesPage />} />
            <Route path="/history" element={<HistoryPage />} />
          </>
        )}
        <Route path="*" element={<Navigate to={homePath(user, stationMode)} replace />} />
      </Route>
    </Routes>
  );
}
