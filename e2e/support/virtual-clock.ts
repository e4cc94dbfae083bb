import { clockResponseSchema } from '@outpilot/contracts';
import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Moves the virtual-clock server to the next Monday 10:00 UTC, inside the factories' working
 * hours (Mon-Fri 09:00-19:00). Journeys on that server share its clock and earlier ones move it
 * on (a month for a renewal, an evening for the queue's banner), so each starts from a known
 * morning instead of wherever the last one left it. Call it before signing in: tokens run on the
 * same clock.
 */
export async function moveToNextMondayMorning(request: APIRequestContext): Promise<Date> {
  const read = await request.get('/api/test/clock');
  expect(read.ok()).toBe(true);
  const now = new Date(clockResponseSchema.parse(await read.json()).now);
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 10));
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
  const advanced = await request.post('/api/test/clock/advance', {
    data: { milliseconds: monday.getTime() - now.getTime() },
  });
  expect(advanced.ok()).toBe(true);
  return monday;
}
