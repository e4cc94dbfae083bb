import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import {
  type DailyLimitKind,
  type DailyLimits,
  dailyLimitFields,
  dailyLimitsSchema,
} from '@outpilot/contracts';
import { limitChoices } from '@outpilot/domain';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNotify } from '../notices/use-notify.tsx';
import { useUpdateDailyLimits } from './use-update-daily-limits.ts';

/** Selector order and labels of the side panel (follows, invitations, likes, messages). */
const selectors: { kind: DailyLimitKind; label: string }[] = [
  { kind: 'follow', label: 'Follows' },
  { kind: 'invitations', label: 'Invitations' },
  { kind: 'reactOnPost', label: 'Likes' },
  { kind: 'messages', label: 'Messages' },
];

export const dailyLimitsChangedText = 'Daily limits is changed';

function LimitSelect({
  label,
  kind,
  value,
  disabled,
  onChange,
}: {
  label: string;
  kind: DailyLimitKind;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const labelId = useId();
  const choices = limitChoices(kind);
  // A stored value off the list (set before the list changed) still shows.
  const options = choices.includes(value) ? choices : [...choices, value].sort((a, b) => a - b);
  return (
    <FormControl size="small" sx={{ minWidth: 120 }} disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {choice}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/**
 * The four per-day limit selectors; each change saves all four (PUT workspace/daily-limits). A
 * form of react-hook-form checked by the contract's schema: the saved limits are its values, and
 * a save that fails puts the selection back to them.
 */
export function DailyLimitsForm({ limits }: { limits: DailyLimits }) {
  const update = useUpdateDailyLimits();
  const { notify, notifyError } = useNotify();
  const form = useForm<DailyLimits>({ resolver: zodResolver(dailyLimitsSchema), values: limits });

  const save = form.handleSubmit((changed) =>
    update.mutate(changed, {
      onSuccess: () => {
        form.reset(changed);
        notify({ message: dailyLimitsChangedText, variant: 'default' });
      },
      onError: (error) => {
        form.reset();
        notifyError(error);
      },
    }),
  );

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
      {selectors.map(({ kind, label }) => (
        <Controller
          key={kind}
          name={dailyLimitFields[kind]}
          control={form.control}
          render={({ field }) => (
            <LimitSelect
              kind={kind}
              label={label}
              value={field.value}
              disabled={update.isPending}
              onChange={(next) => {
                field.onChange(next);
                void save();
              }}
            />
          )}
        />
      ))}
    </Stack>
  );
}
