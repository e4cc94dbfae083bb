import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';

/** Local storage keeps which one-time hints were dismissed (seed 000: ids 2.3, 2.5, 2.6, 2.7). */
export const hintStorageKey = (id: string) => `outpilot.hint.${id}.dismissed`;

function wasDismissed(id: string): boolean {
  try {
    return window.localStorage.getItem(hintStorageKey(id)) === 'true';
  } catch {
    return false;
  }
}

/** A one-time onboarding hint: shown until the user dismisses it, then never again in this browser. */
export function OnboardingHint({ id, children }: { id: string; children: string }) {
  const [isDismissed, setDismissed] = useState(() => wasDismissed(id));
  if (isDismissed) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(hintStorageKey(id), 'true');
    } catch {
      // Storage refused (private mode): the hint goes for this visit only.
    }
    setDismissed(true);
  };
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={dismiss}>
          Got it
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
