import { advanceClockRequestSchema, clockResponseSchema, testSupportPaths } from '@outpilot/contracts';
import type { VirtualClock } from '@outpilot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Test-only: read and advance the virtual clock. Mounted only with CLOCK=virtual and ENABLE_TEST_ENDPOINTS=true. */
export const testClockRoutes: FastifyPluginAsyncZod<{ clock: VirtualClock }> = async (app, { clock }) => {
  app.get(
    testSupportPaths.clock,
    { schema: { tags: ['test'], summary: 'Current virtual time', response: { 200: clockResponseSchema } } },
    () => ({ now: clock.now().toISOString() }),
  );
  app.post(
    testSupportPaths.advanceClock,
    {
      schema: {
        tags: ['test'],
        summary: 'Move the virtual clock forward',
        body: advanceClockRequestSchema,
        response: { 200: clockResponseSchema },
      },
    },
    (request) => ({ now: clock.advance(request.body.milliseconds).toISOString() }),
  );
};
