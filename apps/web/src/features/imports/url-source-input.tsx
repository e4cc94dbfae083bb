import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ImportUrlSource, importSourceCards, importTexts } from '@outpilot/contracts';
import { parseImportUrl } from '@outpilot/domain';
import { useEffect } from 'react';
import { countErrorText } from './count-error-text.ts';
import { fillCount } from './source-availability.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useUrlProfileCount } from './use-url-profile-count.ts';

type UrlSourceInputProps = {
  source: ImportUrlSource;
  url: string;
  onUrlChange: (url: string) => void;
  /** The profiles found, or 0 while there is nothing to import. */
  onCountChange: (count: number) => void;
};

/** Step 2 of a URL source: the link is checked 300 ms after typing stops, then counted (§5). */
export function UrlSourceInput({ source, url, onUrlChange, onCountChange }: UrlSourceInputProps) {
  const debounced = useDebouncedValue(url.trim());
  const isSettled = debounced === url.trim();
  const check = debounced === '' ? null : parseImportUrl(source, debounced);
  const count = useUrlProfileCount(source, debounced, check?.ok === true);
  const found = isSettled && check?.ok === true && count.isSuccess ? count.data : 0;

  useEffect(() => onCountChange(found), [found, onCountChange]);

  let message: { text: string; isError: boolean } | null = null;
  if (isSettled && check?.ok === false) message = { text: importTexts.invalidLink, isError: true };
  else if (isSettled && check?.ok && count.isError)
    message = { text: countErrorText(count.error), isError: true };
  else if (isSettled && check?.ok && count.isSuccess)
    message = { text: fillCount(importTexts.profilesFound, count.data), isError: false };

  return (
    <Stack spacing={1.5}>
      <TextField
        label={`${importSourceCards[source].title} URL`}
        value={url}
        onChange={(event) => onUrlChange(event.target.value)}
        error={message?.isError ?? false}
        fullWidth
        autoFocus
        placeholder="https://www.linkedin.com/…"
      />
      {check?.ok && count.isFetching && <CircularProgress size={20} aria-label="Counting profiles" />}
      {message && (
        <Typography
          role={message.isError ? 'alert' : 'status'}
          color={message.isError ? 'error' : 'success.main'}
        >
          {message.text}
        </Typography>
      )}
    </Stack>
  );
}
