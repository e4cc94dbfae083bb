import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useClientConfig } from '../../config/config-context.tsx';

/** The frame of the public information pages the header and footer link to. */
export function InfoPageLayout({ title, children }: { title: string; children: ReactNode }) {
  const config = useClientConfig();
  return (
    <Container component="main" maxWidth="md" sx={{ py: 6 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
        <Stack spacing={2}>
          <Typography component={RouterLink} to="/campaigns" color="primary" sx={{ fontWeight: 800 }}>
            Outpilot
          </Typography>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {children}
          <Typography>
            Questions: <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link>
          </Typography>
        </Stack>
      </Paper>
    </Container>
  );
}
