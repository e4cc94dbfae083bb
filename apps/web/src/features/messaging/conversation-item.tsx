import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Conversation } from '@outpilot/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { ConfirmDialog } from '../contacts/confirm-dialog.tsx';
import { formatListTime } from './format-message-time.ts';
import { MoreVertIcon, StarIcon } from './messaging-icons.tsx';
import type { ConversationChange } from './use-conversation-action.ts';

type ConversationItemProps = {
  conversation: Conversation;
  selected: boolean;
  /** Move to Other or Focused is offered only while the tabs show. */
  showTabs: boolean;
  onChange: (change: ConversationChange) => void;
  isDeleting: boolean;
};

/** The preview of the latest message: its text, or what stands for it. */
function previewOf(conversation: Conversation): string {
  const latest = conversation.events[0];
  if (!latest) return '';
  if (latest.render_format === 'RECALLED') return 'This message has been deleted.';
  const text = latest.text || (latest.render_content.length > 0 ? 'Attachment' : '');
  return latest.from_self ? `You: ${text}` : text;
}

/** One conversation of the list (seed 002 §2.5) with its menu. */
export function ConversationItem({
  conversation,
  selected,
  showTabs,
  onChange,
  isDeleting,
}: ConversationItemProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const participant = conversation.participants[0];
  const name = participant?.fullName ?? '';
  const id = conversation.entity_id;
  const unread = conversation.unread_count > 0;
  const choose = (change: ConversationChange['action']) => {
    setAnchor(null);
    onChange({ id, action: change });
  };
  const menuEntries: [string, ConversationChange['action']][] = [
    ...(showTabs
      ? [conversation.mailbox === 'Focused' ? ['Move to Other', 'other'] : ['Move to Focused', 'focused']]
      : []),
    unread ? ['Mark as read', 'read'] : ['Mark as unread', 'unread'],
    conversation.is_starred ? ['Remove star', 'unstar'] : ['Star', 'star'],
    conversation.is_archived ? ['Restore', 'unarchive'] : ['Archive', 'archive'],
  ] as [string, ConversationChange['action']][];
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={`Actions for the conversation with ${name}`}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
      }
    >
      <ListItemButton
        component={Link}
        to={`/messaging/thread/${encodeURIComponent(id)}`}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        sx={{ alignItems: 'flex-start', gap: 1.5, pr: 6 }}
      >
        <Avatar src={participant?.pictureUrl ?? undefined} alt="" sx={{ mt: 0.5, bgcolor: 'primary.dark' }}>
          {name.slice(0, 1)}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography noWrap sx={{ flex: 1, fontWeight: unread ? 700 : 500 }}>
              {name}
            </Typography>
            {conversation.is_starred ? (
              <StarIcon titleAccess="Starred" fontSize="small" color="warning" />
            ) : null}
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {formatListTime(conversation.last_activity_at, new Date())}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" noWrap>
            {conversation.headline}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" noWrap sx={{ flex: 1, fontWeight: unread ? 600 : 400 }}>
              {previewOf(conversation)}
            </Typography>
            {unread ? (
              <Box
                component="span"
                sx={{
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  borderRadius: 10,
                  px: 0.75,
                  minWidth: 20,
                  textAlign: 'center',
                  fontSize: 12,
                  fontWeight: 700,
                  lineHeight: '20px',
                }}
              >
                {conversation.unread_count}
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  unread
                </Box>
              </Box>
            ) : null}
          </Box>
        </Box>
      </ListItemButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {menuEntries.map(([label, action]) => (
          <MenuItem key={label} onClick={() => choose(action)}>
            {label}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirmDelete(true);
          }}
        >
          Delete conversation
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete conversation?"
        buttons="confirm"
        destructive
        isBusy={isDeleting}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          onChange({ id, action: 'delete' });
        }}
      >
        The conversation with {name} is deleted.
      </ConfirmDialog>
    </ListItem>
  );
}
