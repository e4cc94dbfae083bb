import { zodResolver } from '@hookform/resolvers/zod';
import type { WorkingHours } from '@outpilot/contracts';
import { toWire, type WorkingHoursEditorState, workingHoursMessages } from '@outpilot/domain';
import { type UseFormProps, useForm } from 'react-hook-form';
import { z } from 'zod';

/**
 * The editor's state, checked by the domain's rule and turned into the wire form on submit, so
 * a submit handler receives working hours the server takes. The messages under each day come
 * from the same rule (validateEditor) as the user types: the resolver runs asynchronously, the
 * messages must not wait for it.
 */
const workingHoursEditorSchema = z.custom<WorkingHoursEditorState>().transform((state, context) => {
  const wire = toWire(state);
  if (wire.ok) return wire.workingHours;
  const [firstError] = Object.values(wire.validation.dayErrors);
  context.addIssue({ code: 'custom', message: firstError ?? workingHoursMessages.noDaySelected });
  return z.NEVER;
});

/** A working-hours form (onboarding step 5, account page, side panel) on react-hook-form. */
export function useWorkingHoursForm(
  options: Pick<UseFormProps<WorkingHoursEditorState>, 'defaultValues' | 'values'>,
) {
  return useForm<WorkingHoursEditorState, unknown, WorkingHours>({
    ...options,
    resolver: zodResolver(workingHoursEditorSchema),
    // A refetch while the user edits keeps what they changed.
    resetOptions: { keepDirtyValues: true },
  });
}

export type WorkingHoursForm = ReturnType<typeof useWorkingHoursForm>;
