import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAutomationMode } from './use-automation-mode.ts';

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

/** Whether automation runs in the cloud or locally, with city, country and IP (GET workspace/automation-mode). */
export function AutomationModePanel() {
  const mode = useAutomationMode();
  if (mode.isPending) return <CircularProgress size={24} aria-label="Loading automation mode" />;
  if (mode.isError) return <Alert severity="error">{mode.error.message}</Alert>;
  const { is_cloud, city_name, country_code, ip_address } = mode.data;
  return (
    <Stack spacing={1} data-testid="automation-mode">
      <Typography sx={{ fontWeight: 600 }}>
        {is_cloud ? 'Automation runs in the cloud' : 'Automation runs locally in your browser'}
      </Typography>
      <Line label="City" value={city_name} />
      <Line label="Country" value={country_code} />
      <Line label="IP address" value={ip_address} />
    </Stack>
  );
}
