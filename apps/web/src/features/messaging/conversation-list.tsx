import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Conversation,
  type ConversationFilter,
  conversationFilters,
  type InboxTab,
  messagingSearchDelayMs,
} from '@outpilot/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConversationItem } from './conversation-item.tsx';
import { FilterIcon } from './messaging-icons.tsx';
import { useConversationAction } from './use-conversation-action.ts';
import { useConversations, useMessagingSettings } from './use-conversations.ts';
import { useLoadMoreWhenVisible } from './use-load-more-when-visible.ts';

const filterLabels: Record<ConversationFilter, string> = {
  Unread: 'Unread',
  Starred: 'Starred',
  InMail: 'InMail',
  MyConnections: 'My connections',
  Archived: 'Archived',
  Spam: 'Spam',
};

/** The search text as the list asks for it: 800 ms after typing stops (seed 002 §2.5). */
function useDelayed(value: string, delayMs: number): string {
  const [delayed, setDelayed] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDelayed(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return delayed;
}

/**
 * The left side of the inbox: search, filter menu, Focused / Other tabs and the conversation list
 * with infinite scroll. With no conversation open, the first one opens.
 */
export function ConversationList({
  selectedId,
  onSelected,
}: {
  selectedId: string | undefined;
  /** The open conversation as the list knows it (for the thread's header and read mark). */
  onSelected: (conversation: Conversation | undefined) => void;
}) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const keywords = useDelayed(search, messagingSearchDelayMs);
  const [filter, setFilter] = useState<ConversationFilter | null>(null);
  const [tab, setTab] = useState<InboxTab>('Focused');
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);
  const settings = useMessagingSettings();
  const searching = keywords.trim().length > 0;
  const showTabs = settings.data?.focusedInboxEnabled === true && !searching;
  const list = useConversations({ mailbox: showTabs ? tab : 'Inbox', filter, keywords });
  const action = useConversationAction();
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];
  const firstId = conversations[0]?.entity_id;
  const selected = conversations.find((each) => each.entity_id === selectedId);
  useEffect(() => onSelected(selected), [selected, onSelected]);

  useEffect(() => {
    if (selectedId === undefined && firstId !== undefined) {
      navigate(`/messaging/thread/${encodeURIComponent(firstId)}`, { replace: true });
    }
  }, [selectedId, firstId, navigate]);

  const sentinel = useLoadMoreWhenVisible(list);

  const chooseFilter = (next: ConversationFilter) => {
    setFilterAnchor(null);
    setFilter((current) => (current === next ? null : next));
    // Choosing a filter clears the search (seed 002 §2.5).
    setSearch('');
  };

  return (
    <Box
      component="section"
      aria-label="Conversations"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <Box sx={{ display: 'flex', gap: 1, p: 1.5, alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth
          label="Search messages"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <IconButton
          aria-label={filter ? `Filter: ${filterLabels[filter]}` : 'Filter'}
          aria-haspopup="menu"
          color={filter ? 'primary' : 'default'}
          onClick={(event) => setFilterAnchor(event.currentTarget)}
        >
          <FilterIcon />
        </IconButton>
        <Menu anchorEl={filterAnchor} open={filterAnchor !== null} onClose={() => setFilterAnchor(null)}>
          {conversationFilters.map((each) => (
            <MenuItem key={each} selected={filter === each} onClick={() => chooseFilter(each)}>
              {filterLabels[each]}
            </MenuItem>
          ))}
        </Menu>
      </Box>
      {filter ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
          Showing: {filterLabels[filter]}
        </Typography>
      ) : null}
      {showTabs ? (
        <Tabs
          value={tab}
          onChange={(_event, value: InboxTab) => setTab(value)}
          variant="fullWidth"
          aria-label="Inbox"
        >
          <Tab label="Focused" value="Focused" />
          <Tab label="Other" value="Other" />
        </Tabs>
      ) : null}
      <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {list.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={28} aria-label="Loading conversations" />
          </Box>
        ) : list.isError ? (
          <Alert severity="warning" sx={{ m: 2 }}>
            Mailbox is not available
          </Alert>
        ) : conversations.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No results found
          </Typography>
        ) : (
          <List disablePadding>
            {conversations.map((conversation) => (
              <ConversationItem
                key={conversation.entity_id}
                conversation={conversation}
                selected={conversation.entity_id === selectedId}
                showTabs={showTabs}
                isDeleting={action.isPending && action.variables?.action === 'delete'}
                onChange={(change) => {
                  action.mutate(change);
                  if (change.action === 'delete' && change.id === selectedId)
                    navigate('/messaging', { replace: true });
                }}
              />
            ))}
          </List>
        )}
        <div ref={sentinel} />
        {list.isFetchingNextPage ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={20} aria-label="Loading more conversations" />
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
