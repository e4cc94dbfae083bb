import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/fixtures.ts';
import { publicProfileUrl } from './public-profile-url.ts';

describe('publicProfileUrl', () => {
  it("opens the sandbox's profile page in sandbox mode, linkedin.com/in/ otherwise", () => {
    expect(
      publicProfileUrl({ ...testConfig, sandboxBaseUrl: 'http://127.0.0.1:5000/sandbox/' }, 'ada-l-1'),
    ).toBe('http://127.0.0.1:5000/sandbox/in/ada-l-1');
    expect(publicProfileUrl({ ...testConfig, network: 'linkedin', sandboxBaseUrl: null }, 'ada-l-1')).toBe(
      'https://www.linkedin.com/in/ada-l-1/',
    );
  });
});
