import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppProfile } from '@outpilot/contracts';
import type { ReactNode } from 'react';
import { useClientConfig } from '../../config/config-context.tsx';
import { publicProfileUrl } from '../auth/public-profile-url.ts';
import { AutomationModePanel } from '../workspace/automation-mode-panel.tsx';
import { CurrentDailyLimits } from '../workspace/current-daily-limits.tsx';
import { PerformedRange } from '../workspace/performed-range.tsx';
import { TimezoneSetting } from '../workspace/timezone-setting.tsx';
import { WorkingHoursSettings } from '../workspace/working-hours-settings.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

type ProfileSidePanelProps = { profile: AppProfile; open: boolean; onClose: () => void };

/** The side panel (profile and settings): opened from the header menu's 'Profile and settings'. */
export function ProfileSidePanel({ profile, open, onClose }: ProfileSidePanelProps) {
  const config = useClientConfig();
  const linked = profile.linkedInProfile;
  const timezoneOffset = profile.timezoneOffset ?? 0;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': 'Profile and settings' } }}
    >
      <Box sx={{ width: { xs: '100vw', sm: 520 }, p: 3 }}>
        <Stack spacing={3}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              Profile and settings
            </Typography>
            <IconButton aria-label="Close" onClick={onClose}>
              ×
            </IconButton>
          </Stack>
          <Stack spacing={0.5}>
            <Typography sx={{ fontWeight: 600 }}>
              {`${profile.givenName} ${profile.familyName}`.trim()}
            </Typography>
            <Typography color="text.secondary">{profile.email}</Typography>
          </Stack>
          {linked && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar src={linked.picture ?? undefined} alt={`${linked.givenName} ${linked.familyName}`} />
              <Stack>
                <Typography>{`${linked.givenName} ${linked.familyName}`.trim()}</Typography>
                <Link
                  href={publicProfileUrl(config, linked.publicIdentifier)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Public profile
                </Link>
              </Stack>
            </Stack>
          )}
          <Divider />
          <Section title="Daily limits">
            <CurrentDailyLimits />
          </Section>
          <Divider />
          <PerformedRange timezoneOffset={timezoneOffset} />
          <Divider />
          <Section title="Time zone">
            <TimezoneSetting offset={timezoneOffset} />
          </Section>
          <Divider />
          <Section title="Working hours">
            <WorkingHoursSettings timezoneOffset={profile.timezoneOffset} isAlwaysEditing />
          </Section>
          <Divider />
          <Section title="Automation mode">
            <AutomationModePanel />
          </Section>
        </Stack>
      </Box>
    </Drawer>
  );
}
