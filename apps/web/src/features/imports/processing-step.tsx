import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type ImportRunState,
  importFailureText,
  importProgressPercent,
  importTexts,
} from '@outpilot/contracts';
import { fillCount } from './source-availability.ts';

/** Shown when a run was stopped before its end (the spec names no text for it). */
export const uploadStoppedText = 'Upload is stopped';

export function isRunOver(state: ImportRunState | null): boolean {
  return (
    state !== null && (state.phase === 'completed' || state.phase === 'failed' || state.phase === 'stopped')
  );
}

/** The results page of a run: /contacts/import/{last segment of its navigation url} (§2.4). */
export function resultsPath(state: ImportRunState): string | null {
  const segment = state.navigationUrl?.split(/[?#]/)[0]?.split('/').filter(Boolean).pop();
  return segment ? `/contacts/import/${segment}` : null;
}

function RunSummary({ state }: { state: ImportRunState }) {
  const skipped = Math.max(0, state.processed - state.exported);
  return (
    <>
      <Typography>{fillCount(importTexts.uploaded, state.exported)}</Typography>
      {skipped > 0 && (
        <Typography color="text.secondary">{fillCount(importTexts.skipped, skipped)}</Typography>
      )}
    </>
  );
}

/** Step 3: 'Processing' with 'Processed x / y' (capped at 100%), then the result (§2.4, §8). */
export function ProcessingStep({ state }: { state: ImportRunState | null }) {
  if (state?.phase === 'failed') {
    return (
      <Stack spacing={1.5} data-testid="import-result">
        <Alert severity="error">{importFailureText(state.exportError?.name ?? '')}</Alert>
        <RunSummary state={state} />
      </Stack>
    );
  }
  if (state?.phase === 'completed' || state?.phase === 'stopped') {
    return (
      <Stack spacing={1.5} data-testid="import-result">
        <Typography variant="h6" component="p">
          {state.phase === 'completed' ? importTexts.completed : uploadStoppedText}
        </Typography>
        <RunSummary state={state} />
      </Stack>
    );
  }
  const percent = state ? importProgressPercent(state) : 0;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3">
        {importTexts.processing}
      </Typography>
      <Box>
        <LinearProgress
          variant={state && state.total > 0 ? 'determinate' : 'indeterminate'}
          value={percent}
          aria-label="Import progress"
        />
      </Box>
      <Typography data-testid="import-progress">
        {`Processed ${Math.min(state?.processed ?? 0, state?.total || Number.POSITIVE_INFINITY)} / ${state?.total ?? 0}`}
      </Typography>
    </Stack>
  );
}
