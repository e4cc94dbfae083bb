import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { importTexts, pastedProfileUrlsMaxLength } from '@outpilot/contracts';
import { useEffect, useRef } from 'react';
import { countErrorText } from './count-error-text.ts';
import { fillCount } from './source-availability.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useProfileUrlsCount } from './use-profile-urls-count.ts';

type ProfileUrlsInputProps = {
  text: string;
  onTextChange: (text: string) => void;
  onCountChange: (count: number) => void;
};

/**
 * Step 2 of 'Upload profile URLs': an 8-row box read 300 ms after typing stops. Empty text
 * clears the count; text that is blank after trimming is ignored (§5).
 */
export function ProfileUrlsInput({ text, onTextChange, onCountChange }: ProfileUrlsInputProps) {
  const debounced = useDebouncedValue(text);
  // Blank-but-not-empty text keeps the last text that was read.
  const lastRead = useRef('');
  if (debounced === '' || debounced.trim() !== '') lastRead.current = debounced;
  const read = lastRead.current;
  const count = useProfileUrlsCount(read);
  const found = read !== '' && count.isSuccess ? count.data.total : 0;

  useEffect(() => onCountChange(found), [found, onCountChange]);

  return (
    <Stack spacing={1.5}>
      <TextField
        label="Profile URLs"
        placeholder="One profile link per line, e.g. https://www.linkedin.com/in/jane-doe/"
        multiline
        rows={8}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        slotProps={{ htmlInput: { maxLength: pastedProfileUrlsMaxLength } }}
        fullWidth
        autoFocus
      />
      {count.isFetching && <CircularProgress size={20} aria-label="Counting profiles" />}
      {read !== '' && count.isError && (
        <Typography role="alert" color="error">
          {countErrorText(count.error)}
        </Typography>
      )}
      {read !== '' && count.isSuccess && (
        <Typography role="status" color={count.data.total > 0 ? 'success.main' : 'error'}>
          {fillCount(importTexts.profilesFound, count.data.total)}
        </Typography>
      )}
    </Stack>
  );
}
