import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useClientConfig } from '../../../config/config-context.tsx';
import { onboardingStepNumbers } from '../decide-onboarding-step.ts';
import { OnboardingLayout } from './onboarding-layout.tsx';

export function InstallExtensionStep() {
  const config = useClientConfig();
  return (
    <OnboardingLayout step={onboardingStepNumbers['install-extension']} title="Install the Chrome Extension">
      <Typography>
        Outpilot needs its Chrome extension to perform all actions on LinkedIn on your behalf. Install it,
        then reload this page.
      </Typography>
      {/* An anchor to the store that behaves and is announced as the Install button. */}
      <Button
        variant="contained"
        size="large"
        href={config.extensionStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        role="button"
      >
        Install
      </Button>
    </OnboardingLayout>
  );
}
