import { z } from 'zod';

/**
 * The campaign step types (seed 001 §2), apart from campaigns.ts: the bridge's runner commands
 * name them, and the first screen's contracts must not carry the campaign endpoints with them.
 */
export const actionStepTypes = [
  'Connect',
  'Message',
  'VisitProfile',
  'Follow',
  'ReactOnPost',
  'EndorseSkill',
  'ScrapeProfile',
] as const;
export const actionStepTypeSchema = z.enum(actionStepTypes);
export type ActionStepType = z.infer<typeof actionStepTypeSchema>;

/** Stored lists also hold the auto-inserted Delay step. */
export const storedStepTypes = [...actionStepTypes, 'Delay'] as const;
export type StoredStepType = (typeof storedStepTypes)[number];
