import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { billingMessages } from '@outpilot/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useClientConfig } from '../../config/config-context.tsx';
import { useProfile } from '../auth/auth-queries.ts';
import { useNotify } from '../notices/use-notify.tsx';
import { CloudConsentDialog } from './cloud-consent-dialog.tsx';
import { useAutomationMode, useSwitchAutomationMode } from './use-automation-mode.ts';

function Line({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack direction="row" spacing={1}>
      <Typography color="text.secondary" sx={{ width: 90 }}>
        {label}
      </Typography>
      <Typography>{value || '—'}</Typography>
    </Stack>
  );
}

/**
 * Whether automation runs in the cloud or locally, with city, country and IP (GET
 * workspace/automation-mode), and the switch between the two for Pro users (the server refuses
 * the cloud to others). With LinkedIn, switching to the cloud asks for consent first.
 */
export function AutomationModePanel() {
  const mode = useAutomationMode();
  const profile = useProfile();
  const config = useClientConfig();
  const switchMode = useSwitchAutomationMode();
  const { notifyError } = useNotify();
  const [asking, setAsking] = useState(false);
  if (mode.isPending) return <CircularProgress size={24} aria-label="Loading automation mode" />;
  if (mode.isError) return <Alert severity="error">{mode.error.message}</Alert>;
  const { is_cloud, city_name, country_code, ip_address } = mode.data;
  const isPro = profile.data?.isProPlanAccessible === true;
  const linkedIn = config.network === 'linkedin';

  const toggle = (cloud: boolean) => {
    // Not disabled while the server answers: a disabled switch would drop the keyboard's focus.
    if (switchMode.isPending) return;
    if (cloud && linkedIn) {
      setAsking(true);
      return;
    }
    switchMode.mutate({ isCloud: cloud, forgetSession: !cloud && linkedIn }, { onError: notifyError });
  };

  return (
    <Stack spacing={1} data-testid="automation-mode">
      <Typography sx={{ fontWeight: 600 }}>
        {is_cloud ? 'Automation runs in the cloud' : 'Automation runs locally in your browser'}
      </Typography>
      <Line label="City" value={city_name} />
      <Line label="Country" value={country_code} />
      <Line label="IP address" value={ip_address} />
      <FormControlLabel
        control={
          <Switch
            checked={is_cloud}
            disabled={!isPro && !is_cloud}
            slotProps={{ input: { 'aria-busy': switchMode.isPending } }}
            onChange={(event) => toggle(event.target.checked)}
          />
        }
        label="Run in the cloud"
      />
      {!isPro && !is_cloud && (
        <Typography variant="body2" color="text.secondary">
          {billingMessages.upgradeToPro}:{' '}
          <Link component={RouterLink} to="/upgrade">
            Upgrade subscription
          </Link>
        </Typography>
      )}
      {asking && (
        <CloudConsentDialog
          isSwitching={switchMode.isPending}
          onCancel={() => setAsking(false)}
          onAgree={(countryCode) =>
            switchMode.mutate(
              { isCloud: true, handOver: { countryCode } },
              { onSuccess: () => setAsking(false), onError: notifyError },
            )
          }
        />
      )}
    </Stack>
  );
}
