import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { StatusLayout } from '../../components/status-layout.tsx';

/** The global error screen (seed 000 §2). 'Go home' reloads the app at /campaigns to leave a broken state. */
export function ErrorScreen({ supportEmail }: { supportEmail?: string | undefined }) {
  return (
    <StatusLayout>
      <Typography variant="h4" component="h1">
        Oooops.. Something went wrong.
      </Typography>
      {supportEmail ? (
        <Typography>
          Contact support: <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
        </Typography>
      ) : null}
      <Button variant="contained" onClick={() => window.location.assign('/campaigns')}>
        Go home
      </Button>
    </StatusLayout>
  );
}
