import { defineConfig } from 'wxt';
import { matchPatternOf, networkMatchPatternsOf, readBuildConfig } from './src/build-config.ts';

const build = readBuildConfig(process.env);
const appMatches = build.appOrigins.map(matchPatternOf);

/**
 * The Manifest V3 extension (seed 000 §1, §7): a background service worker running the agent and
 * a content script relaying the app's bridge messages. Least privilege: host access to the
 * network (with LinkedIn's media host for message files) and the app's own origins only (from the build's environment), storage for the
 * tokens and cookies to read LinkedIn's JSESSIONID for its csrf-token header.
 */
export default defineConfig({
  manifestVersion: 3,
  // Tests build their own copy (pointed at a stand-in network) without touching the user's build.
  outDir: process.env.OUTPILOT_EXTENSION_OUT_DIR ?? '.output',
  vite: () => ({
    define: { __OUTPILOT_BUILD__: JSON.stringify(build) },
  }),
  manifest: {
    name: 'Outpilot',
    description: 'Runs your Outpilot campaigns on LinkedIn from your own browser.',
    permissions: ['storage', 'cookies'],
    host_permissions: [...networkMatchPatternsOf(build.networkUrl), ...appMatches],
  },
  zip: { artifactTemplate: 'outpilot-{{version}}-{{browser}}.zip' },
});
