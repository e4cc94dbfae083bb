import { z } from 'zod';
import { actionStepTypes } from './step-types.ts';

/**
 * What a runner performs and what becomes of it, apart from executions.ts and activities.ts: the
 * bridge's runner commands name them, and the first screen's contracts must not carry the
 * executions' and the automation service's endpoints with them.
 */

/** What a runner performs. Withdraw is engine-made: a Connect past its withdraw period. */
export const operationTypes = [...actionStepTypes, 'Withdraw'] as const;
export const operationTypeSchema = z.enum(operationTypes);
export type OperationType = z.infer<typeof operationTypeSchema>;

export const activityOutcomes = ['executed', 'error', 'skipped', 'withdrawn', 'limit_exceeded'] as const;
export const activityOutcomeSchema = z.enum(activityOutcomes);
export type ActivityOutcome = z.infer<typeof activityOutcomeSchema>;
