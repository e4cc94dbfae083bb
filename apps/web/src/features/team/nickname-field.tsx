import TextField from '@mui/material/TextField';
import { teamLimits, teamMessages } from '@outpilot/contracts';
import { useState } from 'react';
import { useNotify } from '../notices/use-notify.tsx';
import { useRenameMember } from './team-queries.ts';

/** The inline nickname editor (§5): at most 50 characters, saved on Enter or blur; Escape cancels. */
export function NicknameField({
  memberId,
  initial,
  label,
  onDone,
}: {
  memberId: string;
  initial: string;
  label: string;
  onDone: () => void;
}) {
  const [value, setValue] = useState(initial);
  const rename = useRenameMember();
  const { notify, notifyError } = useNotify();
  const save = () => {
    if (rename.isPending) return;
    if (value.trim() === initial.trim()) {
      onDone();
      return;
    }
    rename.mutate(
      { id: memberId, name: value },
      {
        onSuccess: () => notify({ message: teamMessages.nicknameChanged, variant: 'default' }),
        onError: notifyError,
        onSettled: onDone,
      },
    );
  };
  return (
    <TextField
      size="small"
      autoFocus
      value={value}
      label={label}
      slotProps={{ htmlInput: { maxLength: teamLimits.nicknameMaxLength } }}
      disabled={rename.isPending}
      onChange={(event) => setValue(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
        if (event.key === 'Escape') onDone();
      }}
    />
  );
}
