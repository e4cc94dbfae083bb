import { updateStepsRequestSchema } from '@outpilot/contracts';
import { validateSteps } from '@outpilot/domain';
import type { z } from 'zod';

/** 'steps[1].message_template' (the domain's field paths) as a form path ['steps', 1, 'message_template']. */
export function fieldPath(field: string): (string | number)[] {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * The steps editor's form: the wire schema of PUT update_steps plus the domain's step rules, the
 * same two checks the server applies, so a form that passes here is one the server accepts and
 * each warning carries the spec's text ('Enter your message', 'Too long message', ...).
 */
export const stepsFormSchema = updateStepsRequestSchema
  .required({ launch_in_minutes: true })
  .superRefine((form, context) => {
    for (const error of validateSteps(form.steps)) {
      context.addIssue({ code: 'custom', path: fieldPath(error.field), message: error.description });
    }
  });
export type StepsForm = z.output<typeof stepsFormSchema>;
export type StepsFormInput = z.input<typeof stepsFormSchema>;
