import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useClientConfig } from '../../config/config-context.tsx';

export const introTitle = '5 minutes guide on how to launch your first campaign';

/** The guide's steps, in the order a new user takes them. */
const guideSteps = [
  {
    title: 'Add contacts',
    text: 'Import people from a network search, a group, an event, pasted profile links or a CSV file.',
  },
  {
    title: 'Create a campaign',
    text: "Tick contacts in the grid and choose 'Create campaign', or start one from Campaigns.",
  },
  {
    title: 'Compose its steps',
    text: 'Invitations, messages and profile visits, with the delay between them and placeholders such as the first name.',
  },
  {
    title: 'Launch it',
    text: 'Outpilot works through the contacts within your working hours and daily limits; replies arrive in Messaging.',
  },
] as const;

/**
 * The empty state (§2.2): no contacts and no filters. No video is hosted: a short built-in
 * walkthrough stands in its place, with the Help Center for more.
 */
export function ContactsIntro({ onAddContacts }: { onAddContacts: () => void }) {
  const config = useClientConfig();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ textAlign: 'center' }}>
          {introTitle}
        </Typography>
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', width: '100%', maxWidth: 640 }}>
          {guideSteps.map((step, index) => (
            <Stack component="li" key={step.title} direction="row" spacing={2} sx={{ py: 1.5 }}>
              <Box
                aria-hidden
                sx={{
                  flexShrink: 0,
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontWeight: 700,
                }}
              >
                {index + 1}
              </Box>
              <Box>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {step.title}
                </Typography>
                <Typography color="text.secondary">{step.text}</Typography>
              </Box>
            </Stack>
          ))}
        </Box>
        <Link href={config.helpCenterUrl} target="_blank" rel="noopener noreferrer">
          More in the Help Center
        </Link>
        <Button variant="contained" size="large" onClick={onAddContacts}>
          Add contacts
        </Button>
      </Stack>
    </Paper>
  );
}
