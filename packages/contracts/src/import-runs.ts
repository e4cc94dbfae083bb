import { z } from 'zod';
import { wholeNumber } from './wire-values.ts';

/**
 * An import run as the bridge carries it (the wizard's start command and the run state the agent
 * reports), apart from imports.ts: the first screen's contracts must not carry the import lists'
 * endpoints and the contact document with them.
 */

export const importNameMaxLength = 50;
export const importSourceUriMaxLength = 4096;
/** The most profiles one import may announce; bounds `total` and the progress bar. */
export const importTotalMax = 100_000;
export const importNameTooLongMessage = `Name must be at most ${importNameMaxLength} characters`;

const count = wholeNumber().nonnegative();

export const importRunPhases = ['starting', 'started', 'changed', 'completed', 'failed', 'stopped'] as const;
export const importRunPhaseSchema = z.enum(importRunPhases);
export type ImportRunPhase = z.infer<typeof importRunPhaseSchema>;

export const importRunStateSchema = z.object({
  phase: importRunPhaseSchema,
  /** Profiles looked at so far, and the announced total (0 until known). */
  processed: count,
  total: count,
  /** Profiles uploaded (new contacts); processed - exported were skipped. */
  exported: count,
  /** '/contacts/import/{id}': its last segment opens the results ('Show results'). */
  navigationUrl: z.string().max(2048).nullable(),
  exportError: z.object({ name: z.string().max(100) }).nullable(),
});
export type ImportRunState = z.infer<typeof importRunStateSchema>;
