import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { RenderContent } from '@outpilot/contracts';
import { formatFileSize } from './format-message-time.ts';

/**
 * A message's attachments (seed 002 §2.5). Media addresses are the network's: the screen names
 * them and never loads them with the user's session.
 */
export function MessageAttachments({ items }: { items: RenderContent[] }) {
  return (
    <>
      {items.map((item, index) => {
        const key = `${item.type}-${index}`;
        switch (item.type) {
          case 'file':
            return (
              <Typography key={key} variant="body2">
                File: {item.name} ({formatFileSize(item.byte_size)})
              </Typography>
            );
          case 'audio':
            return (
              <Typography key={key} variant="body2">
                Audio message
              </Typography>
            );
          case 'external_media':
            return (
              <Typography key={key} variant="body2">
                GIF: {item.title}
              </Typography>
            );
          case 'vector_image':
            return (
              <Typography key={key} variant="body2">
                Image
              </Typography>
            );
          case 'video_meeting':
            return (
              <Typography key={key} variant="body2" color="text.secondary">
                Video meetings are not supported
              </Typography>
            );
          default:
            return (
              <Box key={key}>
                <Link component="span">Unsupported content</Link>
              </Box>
            );
        }
      })}
    </>
  );
}
