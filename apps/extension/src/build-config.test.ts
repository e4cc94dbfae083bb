import { describe, expect, it } from 'vitest';
import { networkMatchPatternsOf, readBuildConfig } from './build-config.ts';

describe("the manifest's host access for the network", () => {
  it("adds LinkedIn's media host (message files) for linkedin.com itself", () => {
    const { networkUrl } = readBuildConfig({});
    expect(networkMatchPatternsOf(networkUrl)).toEqual([
      'https://www.linkedin.com/*',
      'https://*.licdn.com/*',
    ]);
  });

  it("grants a stand-in or the sandbox's facade its own host only", () => {
    const { networkUrl } = readBuildConfig({
      OUTPILOT_NETWORK_URL: 'http://127.0.0.1:4050/sandbox/linkedin/',
    });
    expect(networkUrl).toBe('http://127.0.0.1:4050/sandbox/linkedin');
    expect(networkMatchPatternsOf(networkUrl)).toEqual(['http://127.0.0.1/*']);
  });
});
