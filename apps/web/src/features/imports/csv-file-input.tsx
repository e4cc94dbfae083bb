import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { importTexts } from '@outpilot/contracts';
import { useRef, useState } from 'react';
import { useNotify } from '../notices/use-notify.tsx';
import { type ContactsFileReading, readContactsFile } from './read-contacts-file.ts';
import { fillCount } from './source-availability.ts';
import { useDownloadCsvExample } from './use-download-csv-example.ts';

type CsvFileInputProps = {
  /** An error to show over the drop zone (e.g. 'Finish the started export' or the upload's). */
  error: string | null;
  isUploading: boolean;
  onUpload: (file: File) => void;
  onReset: () => void;
};

/** Step 2 of 'Upload customized profiles': one CSV by drag-drop or 'Browse files' (§2.4, §5). */
export function CsvFileInput({ error, isUploading, onUpload, onReset }: CsvFileInputProps) {
  const [chosen, setChosen] = useState<{ file: File; reading: ContactsFileReading } | null>(null);
  const [isDragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const example = useDownloadCsvExample();
  const { notifyError } = useNotify();

  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    onReset();
    setChosen({ file, reading: await readContactsFile(file) });
  };

  const tryAnother = () => {
    setChosen(null);
    onReset();
    if (inputRef.current) inputRef.current.value = '';
  };

  if (chosen?.reading.ok) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
        <Typography variant="h6" component="p">
          {importTexts.wellDone}
        </Typography>
        <Typography role="status">{fillCount(importTexts.profilesFound, chosen.reading.count)}</Typography>
        {error && (
          <Typography role="alert" color="error">
            {error}
          </Typography>
        )}
        <Stack direction="row" spacing={1}>
          <Button onClick={tryAnother} disabled={isUploading}>
            {importTexts.tryAnotherFile}
          </Button>
          <Button variant="contained" loading={isUploading} onClick={() => onUpload(chosen.file)}>
            Upload
          </Button>
        </Stack>
      </Stack>
    );
  }

  const message = chosen && !chosen.reading.ok ? chosen.reading.message : error;
  return (
    <Stack spacing={1.5}>
      <Box
        data-testid="csv-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void choose(event.dataTransfer.files);
        }}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 4,
          textAlign: 'center',
        }}
      >
        <Typography sx={{ mb: 1 }}>Drag and drop a CSV file here, or</Typography>
        {/* A real button (Enter and Space work) that opens the hidden file input's dialog. */}
        <Button variant="outlined" onClick={() => inputRef.current?.click()}>
          Browse files
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label="CSV file"
          onChange={(event) => void choose(event.target.files)}
        />
      </Box>
      {message && (
        <Typography role="alert" color="error">
          {message}
        </Typography>
      )}
      <Link
        component="button"
        type="button"
        variant="body2"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => example.mutate(undefined, { onError: notifyError })}
      >
        {importTexts.downloadCsvExample}
      </Link>
    </Stack>
  );
}
