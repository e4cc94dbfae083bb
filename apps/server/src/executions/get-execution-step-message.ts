import type { ExecutionStepMessageResponse } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../errors.ts';
import { loadExecutionViews, renderStepMessage, toLinkedinContact } from './to-execution-documents.ts';

/** GET executions/{id}/steps/{n}/message: step n's note or message rendered for the contact. */
export async function getExecutionStepMessage(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; executionId: string; stepNumber: number },
): Promise<ExecutionStepMessageResponse> {
  const [view] = await loadExecutionViews(deps.db, input.personaId, [input.executionId]);
  if (!view) throw new NotFoundError('Execution not found');
  const step = view.campaign.steps[input.stepNumber - 1];
  if (!step) throw new NotFoundError('Step not found');
  return { message: renderStepMessage(step, toLinkedinContact(view.contact)) };
}
