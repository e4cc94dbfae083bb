import { idempotencyKeyHeader, sandboxActionErrorCodes } from '@outpilot/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';
import { SandboxError } from './sandbox-error.ts';

type PendingKey = { memberIndex: number; key: string; route: string };
const maxKeyLength = 200;

/**
 * An `Idempotency-Key` on a POST makes it safe to repeat (a runner retrying after a crash): the
 * first 2xx answer is stored for (member, key) and replayed for every later call with that key,
 * before any fault draw or state change. Refusals are not stored, so a retry of a failed call
 * really retries. A key reused for another call is refused with IDEMPOTENCY_KEY_REUSED.
 */
export function installIdempotencyKeys(app: FastifyInstance, context: SandboxContext): void {
  const pending = new WeakMap<FastifyRequest, PendingKey>();

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const key = request.headers[idempotencyKeyHeader];
    if (typeof key !== 'string' || key.length === 0) return;
    if (key.length > maxKeyLength) {
      throw new SandboxError(
        'UnprocessableEntity',
        `An Idempotency-Key has at most ${maxKeyLength} characters`,
      );
    }
    const { member } = requireSignedIn(context, request);
    const route = `${request.method} ${request.url}`;
    const stored = context.network.peek(member.index)?.storedResponses.get(key);
    if (!stored) {
      pending.set(request, { memberIndex: member.index, key, route });
      return;
    }
    if (stored.route !== route) {
      throw new SandboxError(
        'UnprocessableEntity',
        'This Idempotency-Key was already used for another call',
        sandboxActionErrorCodes.idempotencyKeyReused,
      );
    }
    return reply
      .status(stored.status)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(stored.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = pending.get(request);
    if (key && reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      context.network.storeResponse(key.memberIndex, key.key, {
        route: key.route,
        status: reply.statusCode,
        body: payload,
      });
    }
    return payload;
  });
}
