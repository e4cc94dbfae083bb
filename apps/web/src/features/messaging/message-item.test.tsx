import type { MessageEvent, RenderContent } from '@outpilot/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { MessageItem } from './message-item.tsx';

const fileUrl = '/sandbox/api/conversations/c-1/attachments/101';
const imageUrl = '/sandbox/api/conversations/c-1/attachments/102';

function event(overrides: Partial<MessageEvent>): MessageEvent {
  return {
    message_id: 'm-1',
    created_at: '2026-03-02T09:00:00.000Z',
    text: 'Hello',
    from: { entityId: 'e-2', fullName: 'Ada Lovelace', pictureUrl: null },
    from_self: false,
    render_format: 'normal',
    render_content: [],
    reaction_summaries: [],
    subject: null,
    ...overrides,
  };
}

/** The thread's messages with a fetch that answers the attachment call with a small file. */
function renderMessages(events: MessageEvent[]) {
  const requests: { url: string; accept: string | null }[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    requests.push({ url: String(input), accept: headers.get('accept') });
    return new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'text/csv' } });
  };
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
  });
  renderApp({
    bridge,
    fetch: fetchFn as typeof fetch,
    routes: [
      {
        path: '/',
        element: (
          <ul>
            {events.map((each) => (
              <MessageItem
                key={each.message_id}
                conversationId="c-1"
                event={each}
                showSender
                onReact={() => {}}
                onEdit={() => {}}
                onDelete={() => {}}
              />
            ))}
          </ul>
        ),
      },
    ],
  });
  return requests;
}

describe('a message of the thread', () => {
  beforeEach(() => {
    // happy-dom keeps no blobs by URL; the screen only needs one to hand to <img> and <a>.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:attachment');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows deleted, edited and system messages as the spec words them', () => {
    renderMessages([
      event({ message_id: 'm-1', render_format: 'RECALLED', text: '', render_content: [] }),
      event({ message_id: 'm-2', render_format: 'EDITED', text: 'Fixed typo' }),
      event({ message_id: 'm-3', render_format: 'SYSTEM', text: 'Ada Lovelace sent you an InMail' }),
    ]);
    expect(screen.getByText('This message has been deleted.')).toBeInTheDocument();
    expect(screen.getByText('(Edited)')).toBeInTheDocument();
    const system = screen.getByText('Ada Lovelace sent you an InMail');
    expect(system.tagName).toBe('LI');
  });

  it('reads attachments through the server with their accept header; a file shows name and size', async () => {
    const content: RenderContent[] = [
      {
        type: 'file',
        url: fileUrl,
        name: 'Role overview.csv',
        byte_size: 1536,
        recommended_accept_header: 'text/csv',
      },
      { type: 'vector_image', url: imageUrl },
      { type: 'video_meeting' },
    ];
    const requests = renderMessages([event({ render_content: content })]);
    expect(screen.getByText('(1.5 KB)')).toBeInTheDocument();
    expect(screen.getByText('Video meetings are not supported')).toBeInTheDocument();
    // The image is shown from the file the server read, never from the network's address.
    const image = await screen.findByRole('img', { name: 'Image' });
    expect(image.getAttribute('src')).toBe('blob:attachment');
    expect(requests).toEqual([
      {
        url: `/automation/v1/conversations/c-1/attachments/${encodeURIComponent(imageUrl)}`,
        accept: 'image/*',
      },
    ]);

    // The file is read only when asked for, and saved under its name.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(within(screen.getByText('(1.5 KB)').parentElement as HTMLElement).getByRole('button'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(requests[1]).toEqual({
      url: `/automation/v1/conversations/c-1/attachments/${encodeURIComponent(fileUrl)}`,
      accept: 'text/csv',
    });
  });
});
