import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ActionStepType,
  actionStepTypes,
  type Campaign,
  launchInOptionsMinutes,
  maxCampaignSteps,
} from '@outpilot/contracts';
import { canEditSteps, createDefaultStep, stepMessages } from '@outpilot/domain';
import { useRef, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../contacts/confirm-dialog.tsx';
import { useNotify } from '../notices/use-notify.tsx';
import { PageTitle } from '../shell/page-title.tsx';
import { CampaignLoaded } from './campaign-loaded.tsx';
import { formatDelay } from './format-delay.ts';
import { StepEditor } from './step-editor.tsx';
import { stepTypeLabels } from './step-type-labels.ts';
import { type StepsForm, type StepsFormInput, stepsFormSchema } from './steps-form-schema.ts';
import { useCampaign } from './use-campaign.ts';
import { usePreviewContact } from './use-preview-contact.ts';
import { useUpdateSteps } from './use-update-steps.ts';

/**
 * §2 gives two readings of which action types the editor offers: Connect, Message, Follow and
 * ReactOnPost only, or all seven. We offer all seven (docs/decisions.md); the other reading is this
 * list set to ['VisitProfile', 'EndorseSkill', 'ScrapeProfile'].
 */
export const actionTypesHiddenInEditor: readonly ActionStepType[] = [];
const offeredActionTypes = actionStepTypes.filter((type) => !actionTypesHiddenInEditor.includes(type));

const launchInLabel = (minutes: number) => (minutes === 0 ? 'Immediately' : `In ${formatDelay(minutes)}`);

/** /campaigns/{id}/tune (§2 "Steps editor", §5). */
export function StepsEditorPage() {
  const id = useParams().id ?? '';
  const campaign = useCampaign(id);
  return (
    <CampaignLoaded query={campaign}>
      {(loaded) => <StepsEditor key={loaded.id} campaign={loaded} />}
    </CampaignLoaded>
  );
}

type Question = { kind: 'delete'; index: number } | { kind: 'leave' } | null;

function StepsEditor({ campaign }: { campaign: Campaign }) {
  const navigate = useNavigate();
  const { notify, notifyError } = useNotify();
  const updateSteps = useUpdateSteps(campaign.id);
  const previewContact = usePreviewContact(campaign.id);
  const [question, setQuestion] = useState<Question>(null);
  const [addMenu, setAddMenu] = useState<HTMLElement | null>(null);
  // Each opening is a new menu: one reopened while the last is still closing would keep its old
  // items, and MUI focuses the first item only when the items mount (a keyboard user would land
  // on the action chosen last time).
  const [addMenuOpening, setAddMenuOpening] = useState(0);
  const [saveWarning, setSaveWarning] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const hasDeleted = useRef(false);
  const form = useForm<StepsFormInput, unknown, StepsForm>({
    resolver: zodResolver(stepsFormSchema),
    defaultValues: { steps: campaign.steps, launch_in_minutes: campaign.launch_in_minutes },
    mode: 'onChange',
  });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const { errors, isDirty } = form.formState;
  const canEdit = canEditSteps(campaign);
  const canAdd = campaign.allowAddSteps;
  const campaignPath = `/campaigns/${encodeURIComponent(campaign.id)}`;
  const leave = () => navigate(campaignPath);

  const save = form.handleSubmit(
    (values) => {
      setSaveWarning(false);
      updateSteps.mutate(values, {
        onSuccess: (saved) => {
          form.reset({ steps: saved.steps, launch_in_minutes: saved.launch_in_minutes });
          // §2: after saving, on to the contacts while steps can still be added, else the campaign.
          navigate(saved.allowAddSteps ? `${campaignPath}/contacts` : campaignPath);
        },
        onError: notifyError,
      });
    },
    () => {
      setSaveWarning(true);
      notify({ message: stepMessages.fixAllWarnings, variant: 'attention' });
    },
  );

  const deleteFrom = (index: number) => {
    // §2: deleting an action removes it and every action after it.
    steps.remove(Array.from({ length: steps.fields.length - index }, (_, offset) => index + offset));
    hasDeleted.current = true;
    setQuestion(null);
  };

  return (
    <Box component="form" noValidate onSubmit={save} aria-label="Steps editor">
      <PageTitle>{campaign.name}: steps</PageTitle>
      {campaign.state !== 'Compose' && canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {stepMessages.editingLimited}
        </Alert>
      )}
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {stepMessages.notEditable}
        </Alert>
      )}
      {saveWarning && Object.keys(errors).length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {stepMessages.fixAllWarnings}
        </Alert>
      )}
      <Controller
        control={form.control}
        name="launch_in_minutes"
        render={({ field }) => (
          <TextField
            select
            size="small"
            label="Launch the first action"
            value={field.value}
            disabled={!canAdd}
            onChange={(event) => field.onChange(Number(event.target.value))}
            sx={{ minWidth: 240, mb: 2 }}
          >
            {launchInOptionsMinutes.map((minutes) => (
              <MenuItem key={minutes} value={minutes}>
                {launchInLabel(minutes)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Stack spacing={1}>
        {steps.fields.length === 0 && <Typography color="text.secondary">No actions yet.</Typography>}
        {steps.fields.map((field, index) => (
          <StepEditor
            key={field.id}
            index={index}
            control={form.control}
            errors={errors}
            canEdit={canEdit}
            canDelete={canAdd}
            previewContact={previewContact.data ?? null}
            onDelete={() => setQuestion({ kind: 'delete', index })}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {canAdd && (
          <Button
            ref={addButton}
            variant="outlined"
            disabled={steps.fields.length >= maxCampaignSteps}
            onClick={(event) => {
              setAddMenuOpening((count) => count + 1);
              setAddMenu(event.currentTarget);
            }}
            aria-haspopup="menu"
          >
            Add action
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={() => (isDirty ? setQuestion({ kind: 'leave' }) : leave())}>Cancel</Button>
        {canEdit && (
          <Button type="submit" variant="contained" loading={updateSteps.isPending}>
            Save
          </Button>
        )}
      </Stack>
      {steps.fields.length >= maxCampaignSteps && canAdd && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          A campaign can have at most {maxCampaignSteps} actions.
        </Typography>
      )}
      <Menu key={addMenuOpening} anchorEl={addMenu} open={addMenu !== null} onClose={() => setAddMenu(null)}>
        {offeredActionTypes.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              steps.append(createDefaultStep(type, steps.fields.length));
              setAddMenu(null);
            }}
          >
            {stepTypeLabels[type]}
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={question?.kind === 'delete'}
        title="Delete action"
        buttons="yes-no"
        destructive
        isBusy={false}
        onConfirm={() => question?.kind === 'delete' && deleteFrom(question.index)}
        onClose={() => setQuestion(null)}
        onExited={() => {
          // The deleted action's button went with it (the dialog would hand the focus back to
          // nothing): the focus goes on to 'Add action'. After No it goes back to Delete.
          if (hasDeleted.current) addButton.current?.focus();
          hasDeleted.current = false;
        }}
      >
        <Typography>
          {question?.kind === 'delete' && question.index < steps.fields.length - 1
            ? `Delete action ${question.index + 1} and every action after it?`
            : 'Delete this action?'}
        </Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={question?.kind === 'leave'}
        title="Leave campaign master"
        buttons="yes-no"
        isBusy={false}
        onConfirm={leave}
        onClose={() => setQuestion(null)}
      >
        <Typography>You have unsaved changes. Leave without saving them?</Typography>
      </ConfirmDialog>
    </Box>
  );
}
