import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ClientConfig, ContactDocument } from '@outpilot/contracts';
import { rowTooltip } from '../../../components/row-tooltip.tsx';
import { publicProfileUrl } from '../../auth/public-profile-url.ts';
import { connectionLabels } from '../filters/contact-filters.ts';
import { OpenInNewIcon } from './grid-icons.tsx';

/** The profile page of a contact, when it has a public identifier. */
export function contactProfileUrl(config: ClientConfig, contact: ContactDocument): string | null {
  return contact.linkedin_public_identifier === null
    ? null
    : publicProfileUrl(config, contact.linkedin_public_identifier);
}

/** Where Open profile leads, or, when the action is not allowed, the server's hint saying why. */
export function openProfileTarget(
  config: ClientConfig,
  contact: ContactDocument,
): { url: string; hint: null } | { url: null; hint: string } {
  const url = contactProfileUrl(config, contact);
  const action = contact.actions.open_linkedin_profile;
  return action.enabled && url !== null
    ? { url, hint: null }
    : { url: null, hint: action.hint ?? 'Profile is not available' };
}

/**
 * Open profile, disabled with the server's hint when the action is not allowed. The hint is the
 * grid's tooltip (useRowTooltip) on a wrapper: a disabled button takes no pointer events.
 */
export function OpenProfileButton({ contact, config }: { contact: ContactDocument; config: ClientConfig }) {
  const target = openProfileTarget(config, contact);
  const label = `Open profile of ${contact.full_name}`;
  const button = (
    <IconButton
      size="small"
      aria-label={label}
      disabled={target.url === null}
      {...(target.url !== null
        ? { component: 'a', href: target.url, target: '_blank', rel: 'noopener noreferrer' }
        : {})}
    >
      <OpenInNewIcon fontSize="inherit" />
    </IconButton>
  );
  return <span {...rowTooltip(target.hint ?? 'Open profile')}>{button}</span>;
}

/** Avatar, full name, connection degree, account type and the open-profile action (§2.2). */
export function ContactCell({ contact, config }: { contact: ContactDocument; config: ClientConfig }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
      <Avatar src={contact.picture_url ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
        {contact.full_name.charAt(0)}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {contact.full_name}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {contact.distance !== null && (
            <Typography variant="caption" color="text.secondary">
              {connectionLabels[contact.distance]}
            </Typography>
          )}
          {contact.is_premium && (
            <Chip
              label="Premium"
              size="small"
              color="warning"
              variant="outlined"
              sx={{ height: 16, fontSize: 10 }}
            />
          )}
        </Stack>
      </Box>
      <OpenProfileButton contact={contact} config={config} />
    </Stack>
  );
}
