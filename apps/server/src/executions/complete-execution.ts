import type { Execution } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { advanceExecution } from '../engine/advance-execution.ts';
import { NotFoundError } from '../errors.ts';
import { loadExecutionViews, toExecutionDocument } from './to-execution-documents.ts';

/**
 * PUT executions/{id}/complete ('Conversation is cancelled') and /resume ('Conversation is
 * resumed'): the domain's cancelled and resumed events. Cancelling removes the queued activity;
 * resuming queues the current step again when the campaign runs. A refused event is a 422.
 */
export async function changeExecution(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; executionId: string; action: 'complete' | 'resume' },
): Promise<Execution> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await advanceExecution(tx, {
      executionId: input.executionId,
      personaId: input.personaId,
      now,
      event: { type: input.action === 'complete' ? 'cancelled' : 'resumed', at: now },
    });
    const [view] = await loadExecutionViews(tx, input.personaId, [input.executionId], { now });
    if (!view) throw new NotFoundError('Execution not found');
    return toExecutionDocument(view, now);
  });
}
