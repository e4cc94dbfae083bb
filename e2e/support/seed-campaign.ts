import { type APIRequestContext, expect } from '@playwright/test';

/**
 * A campaign put straight into the server (the e2e route): a state the browser cannot reach quickly,
 * such as a paused one, optionally with an audience of `audience` generated contacts. Returns its id.
 */
export async function seedCampaign(
  request: APIRequestContext,
  data: { personaId: string; name: string; state: string; pauseReason?: string; audience?: number },
): Promise<string> {
  const response = await request.post('/__e2e/campaigns', { data });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}
