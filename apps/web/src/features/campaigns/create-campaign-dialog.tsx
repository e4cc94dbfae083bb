import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { campaignNameMaxLength, createCampaignRequestSchema } from '@outpilot/contracts';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

/** The name of POST campaigns, so the dialog refuses exactly what the server refuses, with its texts. */
const nameFormSchema = createCampaignRequestSchema.pick({ name: true });
type NameForm = z.output<typeof nameFormSchema>;

type CreateCampaignDialogProps = {
  open: boolean;
  isCreating: boolean;
  /** Called with the trimmed, valid name. */
  onCreate: (name: string) => void;
  onClose: () => void;
};

/** 'Create campaign': asks the new campaign's name; Enter submits, Create waits for a name (§2). */
export function CreateCampaignDialog({ open, isCreating, onCreate, onClose }: CreateCampaignDialogProps) {
  const form = useForm<z.input<typeof nameFormSchema>, unknown, NameForm>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: '' },
    mode: 'onChange',
  });
  const name = form.watch('name');
  const { errors, isSubmitted } = form.formState;
  // Too long shows at once; empty only after a first try.
  const shownError = errors.name?.type === 'too_big' || isSubmitted ? errors.name?.message : undefined;
  return (
    <Dialog
      open={open}
      onClose={isCreating ? undefined : onClose}
      aria-labelledby="create-campaign-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      <form onSubmit={form.handleSubmit((values) => onCreate(values.name))} noValidate>
        <DialogTitle id="create-campaign-title">Create campaign</DialogTitle>
        <DialogContent>
          <Controller
            control={form.control}
            name="name"
            render={({ field }) => (
              <TextField
                label="Campaign name"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={shownError !== undefined}
                helperText={shownError ?? `${name.trim().length} / ${campaignNameMaxLength}`}
                required
                fullWidth
                autoFocus
                margin="dense"
                disabled={isCreating}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isCreating}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isCreating} disabled={name.trim() === ''}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
