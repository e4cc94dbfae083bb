import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import {
  campaignNameMaxLength,
  type RenameCampaignRequest,
  renameCampaignRequestSchema,
} from '@outpilot/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useNotify } from '../notices/use-notify.tsx';
import { useRenameCampaign } from './use-rename-campaign.ts';

/**
 * The detail page's renameable title (§2): saved on Enter or blur, max 50, checked with the body
 * schema of PUT update (the server's own check and texts). A name the server refuses is reported
 * and the field goes back to the saved name.
 */
export function CampaignTitle({ id, name, readOnly }: { id: string; name: string; readOnly: boolean }) {
  const { notifyError } = useNotify();
  const rename = useRenameCampaign(id);
  const form = useForm<RenameCampaignRequest>({
    resolver: zodResolver(renameCampaignRequestSchema),
    // Another save (or a refetch) changed the name: the field shows it.
    values: { name },
    mode: 'onChange',
  });
  const restore = () => form.reset({ name });
  const save = () => {
    if (rename.isPending) return;
    if (form.getValues('name').trim() === name) return restore();
    void form.handleSubmit((values) =>
      rename.mutate(values.name, {
        onError: (failure) => {
          notifyError(failure);
          restore();
        },
      }),
    )();
  };
  const error = form.formState.errors.name?.message;
  return (
    <Controller
      control={form.control}
      name="name"
      render={({ field }) => (
        <TextField
          variant="standard"
          value={field.value}
          inputRef={field.ref}
          // Read-only, not disabled, while saving: a disabled field drops the keyboard focus.
          disabled={readOnly}
          // A pasted line break is a space: a name is one line.
          onChange={(event) => field.onChange(event.target.value.replace(/\r?\n/g, ' '))}
          onBlur={save}
          onKeyDown={(event) => {
            // Enter saves and leaves the focus in the title (blurring would send it to the page's start).
            if (event.key === 'Enter') {
              // The field wraps a long name over lines; Enter saves, it never adds a line.
              event.preventDefault();
              save();
            }
            if (event.key === 'Escape') restore();
          }}
          error={error !== undefined}
          helperText={error ?? ' '}
          slotProps={{
            htmlInput: {
              'aria-label': 'Campaign name',
              maxLength: campaignNameMaxLength * 2,
              readOnly: rename.isPending,
            },
            input: { sx: { typography: 'h4' } },
          }}
          // A long name wraps instead of running out of sight at 390 px.
          multiline
          maxRows={3}
          fullWidth
        />
      )}
    />
  );
}
