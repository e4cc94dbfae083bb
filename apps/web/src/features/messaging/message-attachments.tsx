import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { messagingEndpoints, type RenderContent } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { saveFile } from '../contacts/api-file.ts';
import { formatFileSize } from './format-message-time.ts';

type AttachmentsProps = { conversationId: string; items: RenderContent[] };

/** GET conversations/{id}/attachments/{url}: the file through the server, never the network's address. */
function useAttachmentFile(conversationId: string, url: string, accept: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    // Not under 'messaging': refreshing the inbox must not read every file again.
    queryKey: ['messaging-attachment', conversationId, url],
    queryFn: async ({ signal }) => {
      const response = await api.call(
        messagingEndpoints.attachment,
        { params: { id: conversationId, url } },
        { signal, accept },
      );
      return response.blob();
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An object URL for the blob while it is shown. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

function Media({
  conversationId,
  url,
  accept,
  label,
  render,
}: {
  conversationId: string;
  url: string;
  accept: string;
  label: string;
  render: (src: string) => React.ReactNode;
}) {
  const file = useAttachmentFile(conversationId, url, accept, true);
  const src = useObjectUrl(file.data);
  if (file.isError) {
    return (
      <Typography variant="body2" color="text.secondary">
        {label} could not be loaded
      </Typography>
    );
  }
  return src ? render(src) : <Typography variant="body2">{label}</Typography>;
}

function FileLink({
  conversationId,
  item,
}: {
  conversationId: string;
  item: Extract<RenderContent, { type: 'file' }>;
}) {
  const [asked, setAsked] = useState(false);
  const file = useAttachmentFile(conversationId, item.url, item.recommended_accept_header, asked);
  useEffect(() => {
    if (asked && file.data) {
      saveFile(file.data, item.name);
      setAsked(false);
    }
  }, [asked, file.data, item.name]);
  return (
    <Typography variant="body2">
      <Link
        component="button"
        type="button"
        onClick={() => setAsked(true)}
        sx={{ verticalAlign: 'baseline' }}
      >
        {item.name}
      </Link>{' '}
      <Box component="span" sx={{ color: 'text.secondary' }}>
        ({formatFileSize(item.byte_size)})
      </Box>
      {file.isError ? ' could not be downloaded' : null}
    </Typography>
  );
}

const mediaSx = { display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 1, mt: 0.5 } as const;

/**
 * A message's attachments (seed 002 §2.5): files are read through the server (the persona's
 * network session stays there), shown as audio, GIF and image, or offered as a download with
 * name and size.
 */
export function MessageAttachments({ conversationId, items }: AttachmentsProps) {
  return (
    <>
      {items.map((item, index) => {
        const key = `${item.type}-${index}`;
        switch (item.type) {
          case 'file':
            return <FileLink key={key} conversationId={conversationId} item={item} />;
          case 'audio':
            return (
              <Media
                key={key}
                conversationId={conversationId}
                url={item.url}
                accept="audio/*"
                label="Audio message"
                render={(src) => (
                  // biome-ignore lint/a11y/useMediaCaption: a member's voice message has no captions to give
                  <audio
                    controls
                    src={src}
                    aria-label="Audio message"
                    style={{ display: 'block', marginTop: 4 }}
                  />
                )}
              />
            );
          case 'external_media':
            return (
              <Media
                key={key}
                conversationId={conversationId}
                url={item.url}
                accept="image/gif,image/*"
                label={`GIF: ${item.title}`}
                render={(src) => (
                  <Box
                    component="img"
                    src={src}
                    alt={`GIF: ${item.title}`}
                    sx={{ ...mediaSx, minWidth: 96 }}
                  />
                )}
              />
            );
          case 'vector_image':
            return (
              <Media
                key={key}
                conversationId={conversationId}
                url={item.url}
                accept="image/*"
                label="Image"
                render={(src) => <Box component="img" src={src} alt="Image" sx={mediaSx} />}
              />
            );
          case 'video_meeting':
            return (
              <Typography key={key} variant="body2" color="text.secondary">
                Video meetings are not supported
              </Typography>
            );
          default:
            return (
              <Typography key={key} variant="body2" color="text.secondary">
                Unsupported content
              </Typography>
            );
        }
      })}
    </>
  );
}
