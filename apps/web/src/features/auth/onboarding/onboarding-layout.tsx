import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { onboardingStepCount } from '@outpilot/contracts';
import type { ReactNode } from 'react';

type OnboardingLayoutProps = { step: number; title: string; children?: ReactNode };

/** The frame of every onboarding screen: the product name, "Step n of 5", the title and the content. */
export function OnboardingLayout({ step, title, children }: OnboardingLayoutProps) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 520, p: { xs: 3, sm: 5 } }}>
        <Stack spacing={3}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="p" color="primary" sx={{ fontWeight: 700 }}>
              Outpilot
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Step {step} of {onboardingStepCount}
            </Typography>
          </Stack>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
