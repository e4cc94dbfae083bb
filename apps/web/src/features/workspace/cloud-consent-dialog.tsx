import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cloudAutomationMessages } from '@outpilot/contracts';
import { useState } from 'react';
import { useNetworkSession } from './use-automation-mode.ts';

/** The browser's region (en-DE → DE), to preselect the user's country. */
function browserCountry(): string | null {
  try {
    return new Intl.Locale(navigator.language).maximize().region ?? null;
  } catch {
    return null;
  }
}

type CloudConsentDialogProps = {
  isSwitching: boolean;
  onCancel: () => void;
  onAgree: (countryCode: string) => void;
};

/**
 * The explicit consent before the extension hands the LinkedIn session over to the server: what is
 * kept, how, and the country whose proxy uses it (only countries the server has a proxy in).
 */
export function CloudConsentDialog({ isSwitching, onCancel, onAgree }: CloudConsentDialogProps) {
  const session = useNetworkSession(true);
  const countries = session.data?.proxy_countries ?? [];
  const preferred = browserCountry();
  const [chosen, setChosen] = useState<string | null>(null);
  const country =
    chosen ??
    countries.find((item) => item.country_code === preferred)?.country_code ??
    countries[0]?.country_code ??
    '';
  return (
    <Dialog
      open
      onClose={() => {
        if (!isSwitching) onCancel();
      }}
      aria-labelledby="cloud-consent-title"
    >
      <DialogTitle id="cloud-consent-title">{cloudAutomationMessages.consentTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{cloudAutomationMessages.consentText}</Typography>
          {session.isSuccess && countries.length === 0 ? (
            <Alert severity="warning">{cloudAutomationMessages.noProxy}</Alert>
          ) : (
            <TextField
              select
              label="Your country"
              value={country}
              onChange={(event) => setChosen(event.target.value)}
              disabled={!session.isSuccess || isSwitching}
            >
              {countries.map((item) => (
                <MenuItem key={item.country_code} value={item.country_code}>
                  {item.country_code} ({item.city_name})
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isSwitching}>
          {cloudAutomationMessages.consentDecline}
        </Button>
        <Button
          variant="contained"
          onClick={() => onAgree(country)}
          disabled={isSwitching || !country}
          loading={isSwitching}
        >
          {cloudAutomationMessages.consentAccept}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
