import { z } from 'zod';

/** Test-only clock endpoints under /api/test (mounted only with CLOCK=virtual and ENABLE_TEST_ENDPOINTS=true). */
export const testSupportPaths = {
  clock: '/clock',
  advanceClock: '/clock/advance',
} as const;

export const advanceClockRequestSchema = z.object({
  milliseconds: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 24 * 60 * 60 * 1000),
});
export type AdvanceClockRequest = z.infer<typeof advanceClockRequestSchema>;

export const clockResponseSchema = z.object({ now: z.iso.datetime() });
export type ClockResponse = z.infer<typeof clockResponseSchema>;
