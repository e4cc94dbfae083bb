import type { FastifyInstance } from 'fastify';
import type { Journal } from '../network-state/journal.ts';

/**
 * No answer leaves before what the request changed is stored: a client that saw an invitation
 * sent finds it after any restart. Requests that changed nothing wait only for writes in flight.
 */
export function answerOnceStored(app: FastifyInstance, journal: Journal): void {
  app.addHook('onSend', async (_request, _reply, payload) => {
    await journal.settled();
    return payload;
  });
}
