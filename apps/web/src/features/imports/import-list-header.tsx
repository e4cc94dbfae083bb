import InputBase from '@mui/material/InputBase';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ImportList, importNameMaxLength, importTexts } from '@outpilot/contracts';
import { useEffect, useState } from 'react';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useNotify } from '../notices/use-notify.tsx';
import { useRenameImport } from './use-rename-import.ts';

/**
 * The import list page's heading: the name is edited in place (max 50; Enter or blur saves, and
 * says 'Contact name is changed'; an empty name reverts, §5, §8) and the origin link is shown when
 * the list has one.
 */
export function ImportListHeader({ list }: { list: ImportList }) {
  const [name, setName] = useState(list.name);
  const rename = useRenameImport(list.id);
  const { notify, notifyError } = useNotify();
  useEffect(() => setName(list.name), [list.name]);

  const save = () => {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed === list.name) {
      setName(list.name);
      return;
    }
    setName(trimmed);
    rename.mutate(trimmed, {
      onSuccess: () => notify({ message: importTexts.nameChanged, variant: 'default' }),
      onError: (error) => {
        setName(list.name);
        notifyError(error);
      },
    });
  };

  return (
    <Stack spacing={0.5} sx={{ mb: 3 }}>
      {/* The screen's h1 for assistive technology; sighted users read the name in the field. */}
      <Typography component="h1" sx={visuallyHidden}>
        {list.name}
      </Typography>
      <InputBase
        value={name}
        onChange={(event) => setName(event.target.value.slice(0, importNameMaxLength))}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
          if (event.key === 'Escape') {
            setName(list.name);
          }
        }}
        slotProps={{ input: { 'aria-label': 'List name', maxLength: importNameMaxLength } }}
        sx={{ typography: 'h4', fontWeight: 400, '& input': { p: 0 } }}
        fullWidth
      />
      {list.source_uri && (
        <Link href={list.source_uri} target="_blank" rel="noopener noreferrer" variant="body2">
          Open the source of this list
        </Link>
      )}
    </Stack>
  );
}
