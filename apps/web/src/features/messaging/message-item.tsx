import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  type MessageEvent,
  messageEditWindowMs,
  messageHoverMenuDelayMs,
  messageReactionEmojis,
  quickReactionEmojis,
} from '@outpilot/contracts';
import { useEffect, useRef, useState } from 'react';
import { MessageAttachments } from './message-attachments.tsx';
import { MessageText } from './message-text.tsx';
import { EmojiIcon } from './messaging-icons.tsx';

type MessageItemProps = {
  conversationId: string;
  event: MessageEvent;
  /** The sender header shows on the first of a run of messages from one sender. */
  showSender: boolean;
  onReact: (emoji: string, on: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** Edit and Delete: own messages younger than 1 hour (docs/decisions.md, issue 23). */
export function canChange(event: MessageEvent, now: number): boolean {
  return (
    event.from_self &&
    event.render_format !== 'RECALLED' &&
    now - new Date(event.created_at).getTime() < messageEditWindowMs
  );
}

/** One message of a thread with its reactions and hover menu (after 400 ms; at once on keyboard focus). */
export function MessageItem({
  conversationId,
  event,
  showSender,
  onReact,
  onEdit,
  onDelete,
}: MessageItemProps) {
  const [menuShown, setMenuShown] = useState(false);
  const [picker, setPicker] = useState<HTMLElement | null>(null);
  const hoverTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);
  const deleted = event.render_format === 'RECALLED';
  const reactable = !deleted && event.render_format !== 'SYSTEM';
  const time = new Date(event.created_at).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  });
  const viewerReacted = (emoji: string) =>
    event.reaction_summaries.some((each) => each.emoji === emoji && each.viewerReacted);

  if (event.render_format === 'SYSTEM') {
    return (
      <Typography
        component="li"
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: 'center', my: 1, listStyle: 'none' }}
      >
        {event.text}
      </Typography>
    );
  }
  return (
    <Box
      component="li"
      aria-label={`Message from ${event.from.fullName} at ${time}`}
      onMouseEnter={() => {
        hoverTimer.current = window.setTimeout(() => setMenuShown(true), messageHoverMenuDelayMs);
      }}
      onMouseLeave={() => {
        window.clearTimeout(hoverTimer.current);
        if (!picker) setMenuShown(false);
      }}
      onFocus={() => setMenuShown(true)}
      onBlur={(blur) => {
        if (!blur.currentTarget.contains(blur.relatedTarget as Node | null) && !picker) setMenuShown(false);
      }}
      sx={{ display: 'flex', gap: 1.5, py: 0.5, px: 2, position: 'relative', listStyle: 'none' }}
    >
      <Box sx={{ width: 40, flexShrink: 0 }}>
        {showSender ? (
          <Avatar src={event.from.pictureUrl ?? undefined} alt="" sx={{ bgcolor: 'primary.dark' }}>
            {event.from.fullName.slice(0, 1)}
          </Avatar>
        ) : null}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {showSender ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
            <Typography sx={{ fontWeight: 600 }}>{event.from.fullName}</Typography>
            <Typography variant="caption" color="text.secondary">
              {time}
            </Typography>
          </Box>
        ) : null}
        {event.subject ? <Typography sx={{ fontWeight: 600 }}>{event.subject}</Typography> : null}
        <Typography
          tabIndex={0}
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: deleted ? 'italic' : undefined }}
          color={deleted ? 'text.secondary' : undefined}
        >
          {deleted ? 'This message has been deleted.' : <MessageText text={event.text} />}
          {event.render_format === 'EDITED' ? (
            <Typography component="span" variant="caption" color="text.secondary">
              {' '}
              (Edited)
            </Typography>
          ) : null}
        </Typography>
        {deleted ? null : <MessageAttachments conversationId={conversationId} items={event.render_content} />}
        {event.reaction_summaries.length > 0 ? (
          <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
            {event.reaction_summaries.map((reaction) => (
              <Chip
                key={reaction.emoji}
                size="small"
                label={`${reaction.emoji} ${reaction.count}`}
                color={reaction.viewerReacted ? 'primary' : 'default'}
                variant={reaction.viewerReacted ? 'filled' : 'outlined'}
                aria-pressed={reaction.viewerReacted}
                aria-label={`${reaction.emoji} ${reaction.count}${reaction.viewerReacted ? ', you reacted' : ''}`}
                onClick={() => onReact(reaction.emoji, !reaction.viewerReacted)}
              />
            ))}
          </Box>
        ) : null}
      </Box>
      {menuShown && reactable ? (
        <Paper
          elevation={2}
          role="toolbar"
          aria-label="Message actions"
          sx={{ position: 'absolute', right: 16, top: -12, display: 'flex', alignItems: 'center', px: 0.5 }}
        >
          {quickReactionEmojis.map((emoji) => (
            <IconButton
              key={emoji}
              size="small"
              aria-label={`React ${emoji}`}
              aria-pressed={viewerReacted(emoji)}
              onClick={() => onReact(emoji, !viewerReacted(emoji))}
            >
              <span aria-hidden="true">{emoji}</span>
            </IconButton>
          ))}
          <IconButton
            size="small"
            aria-label="More reactions"
            aria-haspopup="menu"
            onClick={(e) => setPicker(e.currentTarget)}
          >
            <EmojiIcon fontSize="small" />
          </IconButton>
          {canChange(event, Date.now()) ? (
            <>
              <Button size="small" onClick={onEdit}>
                Edit
              </Button>
              <Button size="small" color="error" onClick={onDelete}>
                Delete
              </Button>
            </>
          ) : null}
        </Paper>
      ) : null}
      <Menu
        anchorEl={picker}
        open={picker !== null}
        onClose={() => {
          setPicker(null);
          setMenuShown(false);
        }}
        slotProps={{ list: { sx: { display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)' } } }}
      >
        {messageReactionEmojis.map((emoji) => (
          <MenuItem
            key={emoji}
            aria-label={`React ${emoji}`}
            selected={viewerReacted(emoji)}
            onClick={() => {
              setPicker(null);
              onReact(emoji, !viewerReacted(emoji));
            }}
          >
            {emoji}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
