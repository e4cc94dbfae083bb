import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Conversation } from '@outpilot/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useProfile } from '../auth/auth-queries.ts';
import { PageTitle } from '../shell/page-title.tsx';
import { ConversationList } from './conversation-list.tsx';
import { ConversationPanel } from './conversation-panel.tsx';
import { ThreadView } from './thread-view.tsx';

/**
 * /messaging and /messaging/thread/{conversation} (seed 002 §2.5): the conversation list on the
 * left, the open thread in the middle. Narrow screens stack them.
 */
export function MessagingPage() {
  const { conversation: selectedId } = useParams();
  const profile = useProfile();
  const [selected, setSelected] = useState<Conversation | undefined>(undefined);
  return (
    <>
      <PageTitle>Messaging</PageTitle>
      <Paper
        variant="outlined"
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'minmax(280px, 360px) minmax(0, 1fr)',
            lg: 'minmax(280px, 360px) minmax(0, 1fr) 240px',
          },
          gridTemplateRows: {
            xs: 'minmax(240px, 40vh) minmax(480px, 70vh) auto',
            md: 'calc(100vh - 280px) auto',
            lg: 'calc(100vh - 220px)',
          },
          minHeight: { md: 520 },
          overflow: 'hidden',
        }}
      >
        <Box
          sx={{
            borderRight: { md: 1 },
            borderBottom: { xs: 1, md: 0 },
            // A responsive border is written as a `1px solid` shorthand inside each breakpoint's
            // media query, which resets the colour to black: the colour is set at each breakpoint too.
            borderColor: dividerAtEveryWidth,
            minHeight: 0,
          }}
        >
          <ConversationList selectedId={selectedId} onSelected={setSelected} />
        </Box>
        <Box sx={{ minHeight: 0 }}>
          {selectedId ? (
            <ThreadView
              key={selectedId}
              conversationId={selectedId}
              conversation={selected}
              canSync={profile.data?.isBetaUser === true}
            />
          ) : (
            <Typography color="text.secondary" sx={{ p: 3 }}>
              Choose a conversation
            </Typography>
          )}
        </Box>
        <Box
          sx={{
            borderLeft: { lg: 1 },
            borderTop: { xs: 1, lg: 0 },
            borderColor: dividerAtEveryWidth,
            // Two columns (md): the panel is a strip under both, not a box under the list alone.
            gridColumn: { md: '1 / -1', lg: 'auto' },
          }}
        >
          <ConversationPanel participant={selected?.participants[0]} />
        </Box>
      </Paper>
    </>
  );
}

const dividerAtEveryWidth = { xs: 'divider', md: 'divider', lg: 'divider' } as const;
