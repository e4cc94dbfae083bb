import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type ImportList,
  type ImportRunState,
  type ImportSourceType,
  importSourceCards,
  importTexts,
  isImportRunFinished,
} from '@outpilot/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNetworkProfile, useProfile } from '../auth/auth-queries.ts';
import { mapErrorToNotices } from '../notices/map-error-to-notices.ts';
import { useNotify } from '../notices/use-notify.tsx';
import { CsvFileInput } from './csv-file-input.tsx';
import { isRunOver, ProcessingStep, resultsPath } from './processing-step.tsx';
import { ProfileUrlsInput } from './profile-urls-input.tsx';
import { SourceStep } from './source-step.tsx';
import { UrlSourceInput } from './url-source-input.tsx';
import { useImportRun } from './use-import-run.ts';
import { useUploadCsv } from './use-upload-csv.ts';

type Step = 0 | 1 | 2;

/** A finished CSV import shown with the same completion view as a run. */
function csvResultState(list: ImportList): ImportRunState {
  return {
    phase: 'completed',
    processed: list.uploaded_count + list.skipped_count,
    total: list.total,
    exported: list.uploaded_count,
    navigationUrl: `/contacts/import/${list.id}`,
    exportError: null,
  };
}

function uploadErrorText(error: unknown): string {
  return mapErrorToNotices(error).notices[0]?.message ?? importTexts.fileReadError;
}

/** The 'Import Contacts' wizard (seed 002 §2.4, §4): source, input, processing. */
export function ImportWizardDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { notifyError } = useNotify();
  const profile = useProfile();
  const networkProfile = useNetworkProfile(open);
  const run = useImportRun();
  const upload = useUploadCsv();
  const [step, setStep] = useState<Step>(0);
  const [source, setSource] = useState<ImportSourceType | null>(null);
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [count, setCount] = useState(0);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [isStopping, setStopping] = useState(false);

  const readState = run.readState;
  const refetchNetwork = networkProfile.refetch;
  useEffect(() => {
    if (!open) return;
    setStep(0);
    setSource(null);
    setUrl('');
    setText('');
    setCount(0);
    setCsvError(null);
    void refetchNetwork();
    // The agent's run is shown again until the wizard is closed after its end: one still going (the
    // wizard was closed during it, or the page reloaded and the agent resumed it) or one that ended meanwhile.
    readState()
      .then((state) => {
        if (state) setStep(2);
      })
      .catch(() => undefined);
  }, [open, readState, refetchNetwork]);

  const onCountChange = useCallback((found: number) => setCount(found), []);

  const startRun = async () => {
    if (!source) return;
    setStep(2);
    try {
      if (source === 'profile_urls') await run.start({ source, text });
      else if (source !== 'csv_file' && source !== 'recruiter_search')
        await run.start({ source, url: url.trim() });
    } catch (error) {
      setStep(1);
      notifyError(error);
    }
  };

  const stop = async (thenBack: boolean) => {
    setStopping(true);
    try {
      await run.stop();
    } catch (error) {
      notifyError(error);
    } finally {
      setStopping(false);
    }
    if (thenBack) setStep(1);
  };

  const uploadFile = async (file: File) => {
    setCsvError(null);
    try {
      const current = await run.readState();
      if (current && !isImportRunFinished(current)) {
        setCsvError(importTexts.finishStartedExport);
        return;
      }
    } catch {
      // No readable run: nothing blocks the upload.
    }
    upload.mutate(file, {
      onSuccess: (list) => {
        run.setState(csvResultState(list));
        setStep(2);
      },
      onError: (error) => setCsvError(uploadErrorText(error)),
    });
  };

  const chooseSource = (next: ImportSourceType) => {
    if (next !== source) setCount(0);
    setSource(next);
  };

  const card = source ? importSourceCards[source] : null;
  const isOver = isRunOver(run.state);
  const results = run.state && isOver ? resultsPath(run.state) : null;
  // Closing after the end forgets the run (export.clear), so the wizard opens at the sources next time.
  const close = () => {
    if (isOver) void run.clear().catch(() => undefined);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="import-wizard-title">
      <DialogTitle id="import-wizard-title">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <span>{importTexts.wizardTitle}</span>
          <Typography component="span" variant="body2" color="text.secondary">
            {`Step ${step + 1} / 3`}
          </Typography>
        </Stack>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 280 }}>
        {step === 0 && profile.data && (
          <SourceStep
            profile={profile.data}
            networkProfile={networkProfile.data ?? null}
            chosen={source}
            onChoose={chooseSource}
          />
        )}
        {step === 1 && source && card?.input === 'url' && source !== 'recruiter_search' && (
          <UrlSourceInput
            source={source as Exclude<ImportSourceType, 'recruiter_search' | 'profile_urls' | 'csv_file'>}
            url={url}
            onUrlChange={setUrl}
            onCountChange={onCountChange}
          />
        )}
        {step === 1 && card?.input === 'text' && (
          <ProfileUrlsInput text={text} onTextChange={setText} onCountChange={onCountChange} />
        )}
        {step === 1 && card?.input === 'file' && (
          <CsvFileInput
            error={csvError}
            isUploading={upload.isPending}
            onUpload={(file) => void uploadFile(file)}
            onReset={() => setCsvError(null)}
          />
        )}
        {step === 2 && <ProcessingStep state={run.state} />}
      </DialogContent>
      <DialogActions>
        {step === 0 && (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" disabled={source === null} onClick={() => setStep(1)}>
              Next
            </Button>
          </>
        )}
        {step === 1 && (
          <>
            <Button onClick={() => setStep(0)}>Back</Button>
            {card?.input !== 'file' && (
              <Button variant="contained" disabled={count <= 0} onClick={() => void startRun()}>
                Next
              </Button>
            )}
          </>
        )}
        {step === 2 && !isOver && (
          <>
            <Button onClick={() => void stop(true)} disabled={isStopping}>
              Back
            </Button>
            <Button variant="contained" color="error" onClick={() => void stop(false)} loading={isStopping}>
              Stop
            </Button>
          </>
        )}
        {step === 2 && isOver && (
          <>
            <Button onClick={close}>Close</Button>
            {results && (
              <Button
                variant="contained"
                onClick={() => {
                  close();
                  void navigate(results);
                }}
              >
                Show results
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
