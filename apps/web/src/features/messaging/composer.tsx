import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messageMaxLength, messageReactionEmojis } from '@outpilot/contracts';
import { useEffect, useRef, useState } from 'react';
import { CollapseIcon, EmojiIcon, ExpandIcon } from './messaging-icons.tsx';

export type EditTarget = { eventId: string; text: string };

type ComposerProps = {
  /** In edit mode the composer holds the message's text and offers Cancel and Save. */
  editing: EditTarget | null;
  isBusy: boolean;
  onSend: (text: string) => Promise<unknown>;
  onSave: (target: EditTarget, text: string) => Promise<unknown>;
  onCancelEdit: () => void;
};

/**
 * The composer of seed 002 §2.5: Send (and Save) are disabled while the text is empty or only
 * whitespace, Save also while the text is unchanged; at most 3000 characters.
 */
export function Composer({ editing, isBusy, onSend, onSave, onCancelEdit }: ComposerProps) {
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [emojiAnchor, setEmojiAnchor] = useState<HTMLElement | null>(null);
  const input = useRef<HTMLTextAreaElement | null>(null);
  useEffect(() => {
    setText(editing?.text ?? '');
    if (editing) input.current?.focus();
  }, [editing]);
  const blank = text.trim().length === 0;
  const disabled = isBusy || blank || (editing !== null && text === editing.text);
  const submit = async () => {
    if (disabled) return;
    try {
      if (editing) await onSave(editing, text);
      else await onSend(text);
      setText('');
    } catch {
      // The failure is shown as a notice; the text stays for another try.
    }
  };
  return (
    <Box
      component="form"
      aria-label={editing ? 'Edit Message' : 'Reply'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ borderTop: 1, borderColor: 'divider', p: 1.5 }}
    >
      {editing ? (
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Edit Message
        </Typography>
      ) : null}
      <TextField
        inputRef={input}
        fullWidth
        multiline
        minRows={expanded ? 8 : 2}
        maxRows={expanded ? 20 : 6}
        placeholder="Write a message..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: messageMaxLength, 'aria-label': 'Write a message...' } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <IconButton
          aria-label="Insert emoji"
          aria-haspopup="menu"
          onClick={(event) => setEmojiAnchor(event.currentTarget)}
        >
          <EmojiIcon />
        </IconButton>
        <IconButton
          aria-label={expanded ? 'Collapse the composer' : 'Expand the composer'}
          aria-pressed={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? <CollapseIcon /> : <ExpandIcon />}
        </IconButton>
        <Box sx={{ flex: 1 }} />
        {editing ? (
          <>
            <Button onClick={onCancelEdit}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={disabled}>
              Save
            </Button>
          </>
        ) : (
          <Button type="submit" variant="contained" disabled={disabled}>
            Send
          </Button>
        )}
      </Box>
      <Menu
        anchorEl={emojiAnchor}
        open={emojiAnchor !== null}
        onClose={() => setEmojiAnchor(null)}
        slotProps={{ list: { sx: { display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)' } } }}
      >
        {messageReactionEmojis.map((emoji) => (
          <MenuItem
            key={emoji}
            aria-label={`Insert ${emoji}`}
            onClick={() => {
              setEmojiAnchor(null);
              setText((value) => `${value}${emoji}`.slice(0, messageMaxLength));
              input.current?.focus();
            }}
          >
            {emoji}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
