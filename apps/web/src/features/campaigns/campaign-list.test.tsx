import type { Campaign } from '@outpilot/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiCall, createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeCampaign, makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { listHintText } from './campaign-list.tsx';
import { CampaignsPage } from './campaigns-page.tsx';

/** The n-th campaign of a workspace: ids are uuids, names count from 1. */
const numbered = (n: number) =>
  makeCampaign({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `Campaign ${n}` });

/** /campaigns over `campaigns`, paged by the $skip and $take the list asks with. */
function renderList(campaigns: readonly Campaign[]) {
  const page = ({ query }: ApiCall) => {
    const skip = Number(query.get('$skip') ?? 0);
    const take = Number(query.get('$take'));
    return { body: { documents: campaigns.slice(skip, skip + take), total: campaigns.length } };
  };
  const api = createFakeApi({ 'GET /campaigns/page': page });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
  });
  const view = renderApp({
    bridge,
    fetch: api.fetch,
    path: '/campaigns',
    routes: [{ path: '/campaigns', element: <CampaignsPage /> }],
  });
  return { ...view, api };
}

afterEach(() => {
  window.localStorage.clear();
});

describe('CampaignList', () => {
  it('shows the columns of §2 and, per row, its statistics and a progress bar of started over target', async () => {
    renderList([
      makeCampaign({
        state: 'Running',
        target_audience_count: 5,
        statistics: {
          started_count: 2,
          in_queue_count: 3,
          invitation_sent: 3,
          acceptance_rate: 33.3,
          messages_sent: 1,
          reply_rate: null,
        },
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      '',
      'Campaign',
      'Status',
      'Invites sent',
      'Acceptance rate',
      'Messages sent',
      'Reply rate',
      'Created',
      'Actions',
    ]);
    expect(within(headers[0] as HTMLElement).getByRole('checkbox')).toHaveAccessibleName(
      'Select all campaigns on this page',
    );
    const row = await within(table).findByRole('row', { name: /Spring outreach/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['active', '3', '33%', '1', '...', '04/03/2026']));
    expect(
      within(row).getByRole('progressbar', { name: 'Spring outreach: 2 of 5 contacts started' }),
    ).toHaveAttribute('aria-valuenow', '40');
  });

  it('pages with the first and last buttons of its footer', async () => {
    renderList(Array.from({ length: 60 }, (_, index) => numbered(index + 1)));
    // By text and label, not by role: over a page of 25 rows every role query takes seconds.
    expect(await screen.findByText('Campaign 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Go to first page')).toBeDisabled();

    fireEvent.click(screen.getByLabelText('Go to last page'));
    expect(await screen.findByText('Campaign 51')).toBeInTheDocument();
    expect(screen.getByText('Campaign 60')).toBeInTheDocument();
    expect(screen.queryByText('Campaign 1')).not.toBeInTheDocument();
    expect(screen.getByText('51–60 of 60')).toBeInTheDocument();
    expect(screen.getByLabelText('Go to last page')).toBeDisabled();

    fireEvent.click(screen.getByLabelText('Go to first page'));
    expect(await screen.findByText('Campaign 1')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
  });

  it('shows the one-time hint 2.6 until it is dismissed with Got it, and remembers that on the next visit', async () => {
    const first = renderList([makeCampaign()]);
    expect(await screen.findByText(listHintText)).toBeVisible();
    // Not dismissed: a new visit shows it again.
    first.unmount();
    const second = renderList([makeCampaign()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByText(listHintText)).not.toBeInTheDocument());
    second.unmount();

    renderList([makeCampaign()]);
    expect(await screen.findByRole('link', { name: 'Spring outreach' })).toBeInTheDocument();
    expect(screen.queryByText(listHintText)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Got it' })).not.toBeInTheDocument();
  });
});
