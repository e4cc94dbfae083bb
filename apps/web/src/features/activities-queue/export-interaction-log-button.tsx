import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { executionsEndpoints } from '@outpilot/contracts';
import { useProfile } from '../auth/auth-queries.ts';
import { useCsvDownload } from '../contacts/use-csv-download.ts';
import { useNotify } from '../notices/use-notify.tsx';

export const interactionLogTexts = {
  exportLog: 'Export Interaction Log',
  pro: 'pro',
  upgrade: 'Upgrade your plan to Pro',
} as const;

/**
 * GET recent-activities/export, the Interaction Log (seed 002 §2.2): Pro only, so without Pro it
 * is disabled with the 'pro' badge and the tooltip 'Upgrade your plan to Pro'. The queue and a
 * campaign's contacts page both offer it.
 */
export function ExportInteractionLogButton({ label = interactionLogTexts.exportLog }: { label?: string }) {
  const { notifyError } = useNotify();
  const profile = useProfile();
  const download = useCsvDownload();
  const isPro = profile.data?.isProPlanAccessible === true;
  // A disabled button takes no pointer events: the span carries the tooltip.
  return (
    <Tooltip title={isPro ? '' : interactionLogTexts.upgrade}>
      <span>
        <Button
          disabled={!isPro}
          loading={download.isPending}
          onClick={() =>
            download.mutate((api) => api.call(executionsEndpoints.recentActivitiesExport), {
              onError: notifyError,
            })
          }
          endIcon={isPro ? undefined : <Chip label={interactionLogTexts.pro} size="small" color="warning" />}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}
