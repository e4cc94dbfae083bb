import TextField from '@mui/material/TextField';
import { campaignNameMaxLength } from '@outpilot/contracts';
import { useState } from 'react';
import { useNotify } from '../notices/use-notify.tsx';
import { campaignNameError } from './create-campaign-dialog.tsx';
import { useRenameCampaign } from './use-rename-campaign.ts';

/**
 * The detail page's renameable title (§2): saved on Enter or blur, max 50. A name the server
 * refuses is reported and the field goes back to the saved name.
 */
export function CampaignTitle({ id, name, readOnly }: { id: string; name: string; readOnly: boolean }) {
  const { notifyError } = useNotify();
  const rename = useRenameCampaign(id);
  const [text, setText] = useState(name);
  const [savedName, setSavedName] = useState(name);
  // Another save (or a refetch) changed the name: show it.
  if (name !== savedName) {
    setSavedName(name);
    setText(name);
  }
  const error = campaignNameError(text);
  const save = () => {
    const trimmed = text.trim();
    if (rename.isPending) return;
    if (trimmed === name) return setText(name);
    if (error !== null) return;
    rename.mutate(trimmed, {
      onError: (failure) => {
        notifyError(failure);
        setText(name);
      },
    });
  };
  return (
    <TextField
      variant="standard"
      value={text}
      // Read-only, not disabled, while saving: a disabled field drops the keyboard focus.
      disabled={readOnly}
      // A pasted line break is a space: a name is one line.
      onChange={(event) => setText(event.target.value.replace(/\r?\n/g, ' '))}
      onBlur={save}
      onKeyDown={(event) => {
        // Enter saves and leaves the focus in the title (blurring would send it to the page's start).
        if (event.key === 'Enter') {
          // The field wraps a long name over lines; Enter saves, it never adds a line.
          event.preventDefault();
          save();
        }
        if (event.key === 'Escape') setText(name);
      }}
      error={error !== null}
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
  );
}
