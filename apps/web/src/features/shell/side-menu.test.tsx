import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeCampaign, makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { SideMenu } from './side-menu.tsx';

const longName = 'Quarterly founders outreach in Berlin';
/** Seven campaigns created a day apart, the long-named one newest; the server orders and takes as asked. */
const campaigns = [1, 2, 3, 4, 5, 6, 7].map((day) =>
  makeCampaign({
    id: `00000000-0000-4000-8000-00000000000${day}`,
    name: day === 7 ? longName : `Campaign of day ${day}`,
    created: `2026-03-0${day}T10:00:00.000Z`,
  }),
);
const page = ({ query }: ApiCall) => {
  const sorted = [...campaigns].sort((a, b) => a.created.localeCompare(b.created));
  if (query.get('$orderby') === 'created desc') sorted.reverse();
  const take = Number(query.get('$take') ?? sorted.length);
  return { body: { documents: sorted.slice(0, take), total: sorted.length } };
};

function renderMenu(path: string) {
  const api = createFakeApi({ 'GET /campaigns/page': page });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
  });
  renderApp({
    bridge,
    fetch: api.fetch,
    path,
    routes: [{ path: '*', element: <SideMenu profile={makeProfile()} /> }],
  });
}

describe('the side menu of the campaigns section (§2)', () => {
  it("lists the section's pages and the 5 campaigns created last, long names cut with the whole name as a tip", async () => {
    renderMenu('/archive');
    const section = screen.getByRole('navigation', { name: 'Section' });
    const recent = await within(section).findByRole('list', { name: 'Recently created' });
    // The section's own pages come first, above 'Recently created'.
    expect(
      within(section)
        .getAllByRole('link')
        .slice(0, 3)
        .map((link) => link.textContent),
    ).toEqual(['Activities queue', 'All campaigns', 'Archive']);
    expect(within(section).getByRole('link', { name: 'Archive' })).toHaveAttribute('aria-current', 'page');

    const links = within(recent).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Quarterly founders outre…',
      'Campaign of day 6',
      'Campaign of day 5',
      'Campaign of day 4',
      'Campaign of day 3',
    ]);
    expect(links[1]).toHaveAttribute('href', `/campaigns/${campaigns[5]?.id}`);
    // Only the cut name carries a tip, and it holds the whole name.
    fireEvent.mouseOver(links[0] as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(longName);
  });
});
