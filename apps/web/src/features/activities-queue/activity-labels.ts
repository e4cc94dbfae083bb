import type { OperationType } from '@outpilot/contracts';
import { stepTypeLabels } from '../contacts/row-actions/execution-details-dialog.tsx';

/** The Activity column: a step's label, or Withdraw for the engine's own withdrawal. */
export function activityLabel(operation: OperationType): string {
  return operation === 'Withdraw' ? 'Withdraw invitation' : stepTypeLabels[operation];
}
