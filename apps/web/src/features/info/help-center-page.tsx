import Typography from '@mui/material/Typography';
import { InfoPageLayout } from './info-page-layout.tsx';

const steps: readonly { heading: string; text: string }[] = [
  {
    heading: 'Sign in and link your LinkedIn account',
    text: 'Sign in with your Google (or company) account, then link the LinkedIn account this browser is signed in to. The link cannot be changed later.',
  },
  {
    heading: 'Set your timezone and working hours',
    text: 'Outpilot acts on LinkedIn only inside your working hours, in your timezone, and never beyond your daily limits. Change them any time on the Account page or in Profile and settings.',
  },
  {
    heading: 'Import contacts',
    text: 'On Contacts, choose Add contacts: import from a LinkedIn search, an event, a group, Sales Navigator (Pro), pasted profile links, or a CSV file in the Outpilot layout (Download CSV example shows it).',
  },
  {
    heading: 'Run a campaign',
    text: 'Select contacts and create a campaign from them. Its steps (invite, message, visit, follow, react, endorse) run for each contact with the delays you set; a reply stops the sequence for that contact.',
  },
];

export function HelpCenterPage() {
  return (
    <InfoPageLayout title="Help Center">
      {steps.map((step) => (
        <section key={step.heading}>
          <Typography component="h2" variant="h6">
            {step.heading}
          </Typography>
          <Typography>{step.text}</Typography>
        </section>
      ))}
    </InfoPageLayout>
  );
}
