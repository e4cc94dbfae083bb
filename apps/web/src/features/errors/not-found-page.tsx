import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

/** The protected fallback route for any unknown URL. */
export function NotFoundPage() {
  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start', py: 6 }}>
      <Typography variant="h4" component="h1">
        Page not found
      </Typography>
      <Button variant="contained" component={Link} to="/campaigns">
        Go home
      </Button>
    </Stack>
  );
}
