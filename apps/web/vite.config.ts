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
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The router and TanStack Query load with the app (app/full-app.tsx), not before the
            // sign-in step (app/first-screen.tsx).
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // Only the MUI modules the first screen needs: components used by lazy screens only
            // (dialogs, selects, tabs, drawer...) stay in those screens' chunks.
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|notistack|stylis|clsx)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The contracts the first screen needs (the bridge's and the endpoint client's schemas,
            // which the in-page agent's answers are parsed with) in one chunk: as a dozen small chunks
            // each cost a request and its ~1 kB of headers. With them the error modules the first screen
            // shares with later chunks (the agent's, the bridge's and the API's), which would otherwise
            // be small chunks of their own; the first screen's other app modules stay in the entry chunk.
            {
              name: 'contracts',
              test: /(packages[\\/](contracts[\\/]src[\\/](?!(activities|billing|campaigns|contacts|crm|executions|imports|messaging|network-account|sandbox|sandbox-actions|team)\.ts)|agent[\\/]src[\\/](errors|http-errors)\.ts)|apps[\\/]web[\\/]src[\\/](bridge[\\/]bridge-error|api[\\/]api-error)\.ts)/,
            },
            // The in-page agent's sandbox client with the sandbox's schemas: loaded on the agent's first
            // network call, not before the sign-in screen (the agent's lazy-sandbox-network.ts).
            {
              name: 'sandbox-network',
              test: /packages[\\/](agent[\\/]src[\\/]network[\\/]sandbox-(network-client|mapping)\.ts|contracts[\\/]src[\\/]sandbox(-actions)?\.ts)/,
            },
            // The rest, and the domain modules the in-page agent's runners import, for signed-in screens.
            {
              name: 'contracts-screens',
              test: /packages[\\/](contracts[\\/]|domain[\\/]src[\\/](import-urls[\\/]|working-hours\.ts|contacts-csv[\\/]profile-link\.ts))/,
            },
            // The MUI components signed-in screens share (menus, dialogs, tooltips, table parts): one
            // chunk instead of thirty, so a screen waits for a few requests rather than queueing dozens
            // behind the browser's six connections (Lighthouse mobile on /contacts, B17).
            // TablePagination stays with the campaign pagers: its module builds an Intl.NumberFormat
            // when evaluated, and loading ICU's number data cost /contacts about 140 ms on Lighthouse's
            // phone before its first paint (contracts format-count.ts).
            {
              name: 'mui-screens',
              test: /node_modules[\\/](@mui[\\/](?!material[\\/](TablePagination|locale)[\\/])|@popperjs[\\/]|react-transition-group[\\/])/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
