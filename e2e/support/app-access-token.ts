import type { Page } from '@playwright/test';

/**
 * The signed-in app's access token, as the agent keeps it in the page: for a journey that calls
 * the API (or acts as a runner on the automation service) as the user, beside the browser.
 */
export function appAccessToken(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('outpilot.agent.tokens') ?? '{}') as { accessToken: string })
        .accessToken,
  );
}
