import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run build:web` writes apps/web/dist, which the measure service and the station server serve.
// In development `vite` proxies /api to a measure service on its default port.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://127.0.0.1:8000' } },
});
