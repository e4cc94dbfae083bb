import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { freeAccountNoteMaxLength } from '@outpilot/contracts';
import {
  type PlaceholderContact,
  placeholderLabels,
  placeholderTokens,
  renderTemplate,
  textLength,
} from '@outpilot/domain';
import { useId, useRef, useState } from 'react';

type MessageFieldProps = {
  label: string;
  value: string;
  max: number;
  /** The invitation note: the free-account tip shows beside its counter. */
  isNote: boolean;
  error: string | undefined;
  disabled: boolean;
  previewContact: PlaceholderContact | null;
  onChange: (value: string) => void;
};

/**
 * A step's text: a counter against its limit, placeholders from the allowed fields inserted at
 * the cursor, a live preview for a real contact of the campaign and a zoomed view (§2, §5).
 */
export function MessageField({
  label,
  value,
  max,
  isNote,
  error,
  disabled,
  previewContact,
  onChange,
}: MessageFieldProps) {
  const input = useRef<HTMLTextAreaElement | null>(null);
  const [isZoomed, setZoomed] = useState(false);
  const previewId = useId();
  const zoomTitleId = useId();
  const length = textLength(value);
  const insert = (token: string) => {
    const element = input.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const inserted = `{${token}}`;
    onChange(`${value.slice(0, start)}${inserted}${value.slice(end)}`);
    // Back to the text with the cursor after the placeholder: a keyboard user types on from there
    // instead of tabbing back past every placeholder button.
    const caret = start + inserted.length;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };
  const counter = `${length} / ${max}${isNote && length > freeAccountNoteMaxLength ? ` — free accounts: at most ${freeAccountNoteMaxLength} (keep to 190-195)` : ''}`;
  return (
    <Stack spacing={1}>
      <TextField
        label={label}
        value={value}
        multiline
        minRows={3}
        maxRows={10}
        disabled={disabled}
        error={error !== undefined}
        helperText={error ?? counter}
        onChange={(event) => onChange(event.target.value)}
        inputRef={input}
        slotProps={{ htmlInput: { 'aria-describedby': previewId } }}
        fullWidth
      />
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        aria-label={`Insert into ${label}`}
        role="group"
      >
        {placeholderTokens.map((token) => (
          <Button
            key={token}
            size="small"
            variant="outlined"
            disabled={disabled}
            onClick={() => insert(token)}
          >
            {placeholderLabels[token]}
          </Button>
        ))}
        <Button size="small" onClick={() => setZoomed(true)}>
          Zoom
        </Button>
      </Stack>
      <Box id={previewId} sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {previewContact
            ? `Preview for ${previewContact.full_name ?? ''}`
            : 'Preview (add contacts to see it for one of them)'}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {renderTemplate(value, previewContact ?? {}) || '—'}
        </Typography>
      </Box>
      <Dialog
        open={isZoomed}
        onClose={() => setZoomed(false)}
        fullWidth
        maxWidth="md"
        // Named by its title: MUI puts aria-label on the backdrop's root, not on the dialog.
        aria-labelledby={zoomTitleId}
      >
        <DialogTitle id={zoomTitleId}>{label}</DialogTitle>
        <DialogContent>
          <TextField
            value={value}
            multiline
            minRows={12}
            disabled={disabled}
            error={error !== undefined}
            helperText={error ?? counter}
            onChange={(event) => onChange(event.target.value)}
            slotProps={{ htmlInput: { 'aria-label': `${label}, zoomed` } }}
            fullWidth
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setZoomed(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
