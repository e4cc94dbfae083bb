import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

const serverUrl = 'http://localhost:3000';
const proxiedPaths = ['/api', '/automation', '/oidc', '/oidc-interaction', '/sandbox'];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: serverUrl, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: they change less often than the app code, so browsers keep them cached.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Only the MUI modules the first screen needs: components used by lazy screens only
            // (dialogs, selects, tabs, drawer...) stay in those screens' chunks.
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|notistack|stylis|clsx)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'data', test: /node_modules[\\/](@tanstack|zod)[\\/]/ },
            // The contracts (the endpoints' and bridge's schemas) in one chunk: the first screen uses
            // most of them, and as a dozen small chunks each cost a request and its ~1 kB of headers.
            // With them the domain modules the in-page agent imports (it starts before the first screen
            // on sandbox deployments), which were three more small chunks on that path.
            {
              name: 'contracts',
              test: /packages[\\/](contracts[\\/]|domain[\\/]src[\\/](import-urls[\\/]|working-hours\.ts|contacts-csv[\\/]profile-link\.ts))/,
            },
            // The app's own modules the first screen loads, as one chunk rather than the entry plus
            // small shared pieces (each a request with its headers).
            { name: 'app', test: /apps[\\/]web[\\/]src[\\/]/, tags: ['$initial'] },
            // The MUI components signed-in screens share (menus, dialogs, tooltips, table parts): one
            // chunk instead of thirty, so a screen waits for a few requests rather than queueing dozens
            // behind the browser's six connections (Lighthouse mobile on /contacts, B17).
            {
              name: 'mui-screens',
              test: /node_modules[\\/](@mui|@popperjs|react-transition-group)[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
