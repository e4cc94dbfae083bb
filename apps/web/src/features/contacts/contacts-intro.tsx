import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useClientConfig } from '../../config/config-context.tsx';

export const introTitle = '5 minutes guide on how to launch your first campaign';

/**
 * The empty state (§2.2): no contacts and no filters. No video is hosted, so the frame opens the
 * Help Center's written guide in a new tab rather than being a play button that does nothing.
 */
export function ContactsIntro({ onAddContacts }: { onAddContacts: () => void }) {
  const config = useClientConfig();
  return (
    <Paper variant="outlined" sx={{ p: 4 }}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h5" component="h2">
          {introTitle}
        </Typography>
        <ButtonBase
          component="a"
          href={config.helpCenterUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Open the guide"
          sx={{
            width: '100%',
            maxWidth: 640,
            aspectRatio: '16 / 9',
            borderRadius: 2,
            bgcolor: 'grey.900',
            color: 'grey.100',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 48,
          }}
        >
          ▶
        </ButtonBase>
        <Typography color="text.secondary">
          Import contacts from a network search, a group, an event or a file, then add them to a campaign.
        </Typography>
        <Button variant="contained" size="large" onClick={onAddContacts}>
          Add contacts
        </Button>
      </Stack>
    </Paper>
  );
}
