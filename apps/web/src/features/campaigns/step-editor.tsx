import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type CampaignStep, connectNoteMaxLength, messageMaxLength, reactions } from '@outpilot/contracts';
import { minConnectDelayMinutes, minStepTimeoutMinutes, type PlaceholderContact } from '@outpilot/domain';
import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form';
import { formatDelay } from './format-delay.ts';
import { MessageField } from './message-field.tsx';
import { stepTypeLabels } from './step-type-labels.ts';
import type { StepsForm, StepsFormInput } from './steps-form-schema.ts';
import { TimerField } from './timer-field.tsx';

type StepEditorProps = {
  index: number;
  control: Control<StepsFormInput, unknown, StepsForm>;
  errors: FieldErrors<StepsFormInput>;
  canEdit: boolean;
  canDelete: boolean;
  previewContact: PlaceholderContact | null;
  onDelete: () => void;
};

type StepErrors = Partial<Record<'message_template' | 'timeout' | 'delay', { message?: string }>>;

/** One action of the accordion: its fields by type, the Delay field, and Delete while allowed. */
export function StepEditor({
  index,
  control,
  errors,
  canEdit,
  canDelete,
  previewContact,
  onDelete,
}: StepEditorProps) {
  const step = useWatch({ control, name: `steps.${index}` }) as CampaignStep;
  const stepErrors = (errors.steps?.[index] ?? {}) as StepErrors;
  const hasWarning = Object.keys(stepErrors).length > 0;
  const delay = step.type === 'Connect' ? step.delay : step.timeout;
  const title = `${index + 1}. ${stepTypeLabels[step.type]}`;
  return (
    <Accordion defaultExpanded disableGutters variant="outlined" slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary aria-controls={`step-${index}-content`} id={`step-${index}-header`}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography component="span" variant="subtitle1">
            {title}
          </Typography>
          <Typography variant="body2" color={hasWarning ? 'error' : 'text.secondary'}>
            {hasWarning ? 'Has warnings' : `Delay: ${formatDelay(delay)}`}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`step-${index}-content`}>
        <Stack spacing={2}>
          {step.type === 'Connect' && (
            <Controller
              control={control}
              name={`steps.${index}.message_template`}
              render={({ field }) => (
                <MessageField
                  label="Invitation note (optional)"
                  value={(field.value as string | null | undefined) ?? ''}
                  max={connectNoteMaxLength}
                  isNote
                  error={stepErrors.message_template?.message}
                  disabled={!canEdit}
                  previewContact={previewContact}
                  onChange={field.onChange}
                />
              )}
            />
          )}
          {step.type === 'Message' && (
            <Controller
              control={control}
              name={`steps.${index}.message_template`}
              render={({ field }) => (
                <MessageField
                  label="Message"
                  value={(field.value as string | undefined) ?? ''}
                  max={messageMaxLength}
                  isNote={false}
                  error={stepErrors.message_template?.message}
                  disabled={!canEdit}
                  previewContact={previewContact}
                  onChange={field.onChange}
                />
              )}
            />
          )}
          {step.type === 'ReactOnPost' && (
            <Controller
              control={control}
              name={`steps.${index}.reaction`}
              render={({ field }) => (
                <TextField
                  select
                  size="small"
                  label="Reaction"
                  value={field.value}
                  disabled={!canEdit}
                  onChange={field.onChange}
                  sx={{ maxWidth: 240 }}
                >
                  {reactions.map((reaction) => (
                    <MenuItem key={reaction} value={reaction}>
                      {reaction}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {step.type === 'Connect' && (
            <Controller
              control={control}
              name={`steps.${index}.delay`}
              render={({ field }) => (
                <TimerField
                  label="Delay after the invitation is accepted"
                  minutes={field.value as number}
                  min={minConnectDelayMinutes}
                  error={stepErrors.delay?.message}
                  disabled={!canEdit}
                  onChange={field.onChange}
                />
              )}
            />
          )}
          <Controller
            control={control}
            name={`steps.${index}.timeout`}
            render={({ field }) => (
              <TimerField
                label={timeoutLabels[step.type]}
                minutes={field.value ?? minStepTimeoutMinutes}
                min={minStepTimeoutMinutes}
                error={stepErrors.timeout?.message}
                disabled={!canEdit}
                onChange={field.onChange}
              />
            )}
          />
          {canDelete && (
            <Button color="error" onClick={onDelete} sx={{ alignSelf: 'flex-start' }}>
              Delete action {index + 1}
            </Button>
          )}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

/** What each type's timeout means (see the contracts' step schema). */
const timeoutLabels: Readonly<Record<CampaignStep['type'], string>> = {
  Connect: 'Withdraw the invitation after',
  Message: 'Delay: wait for a reply',
  VisitProfile: 'Delay before the next action',
  Follow: 'Delay before the next action',
  ReactOnPost: 'Delay before the next action',
  EndorseSkill: 'Delay before the next action',
  ScrapeProfile: 'Delay before the next action',
};
