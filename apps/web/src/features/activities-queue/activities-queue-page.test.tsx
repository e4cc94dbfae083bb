import type { ActivitiesQueueResponse, ActivityQueueItem } from '@outpilot/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client.ts';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeContact, makeExecution } from '../contacts/contact-fixtures.ts';
import { ActivitiesQueuePage } from './activities-queue-page.tsx';
import { activitiesQueueTexts } from './activities-queue-texts.ts';

const campaign = { id: '44444444-4444-4444-8444-444444444444', name: 'Spring outreach' };
const queuePath = '/workspace/activities-queue';

/** Person n's queued Connect in the campaign (the fixtures' execution, in queue on step 1). */
function makeQueueItem(index: number, overrides: Partial<ActivityQueueItem> = {}): ActivityQueueItem {
  const execution = makeExecution(makeContact(index), campaign);
  return {
    id: `8da7b810-9dad-41d1-80b4-${String(index).padStart(12, '0')}`,
    campaign,
    execution: {
      id: execution.id,
      state: execution.state,
      human_state: execution.human_state,
      step_executions: execution.step_executions,
      conversation_url: execution.conversation_url,
      linkedin_contact: execution.linkedin_contact,
    },
    step_number: 1,
    operation_type: 'Connect',
    run_in_minutes: 125,
    actions: execution.actions,
    message: null,
    wait_reason: { code: 'queued-behind', limit_kind: null, until: null },
    ...overrides,
  };
}

function queueAnswer(
  documents: ActivityQueueItem[],
  flags: Partial<Omit<ActivitiesQueueResponse, 'data'>> = {},
): ActivitiesQueueResponse {
  return {
    data: { documents, total: documents.length },
    weekly_invitation_limit_exceeded: false,
    outside_working_hours: false,
    ...flags,
  };
}

function renderQueue(answer: ActivitiesQueueResponse, options: { isPro?: boolean } = {}) {
  const api = createFakeApi({
    [`GET ${queuePath}`]: () => ({ body: answer }),
    'GET /recent-activities/export': () => ({
      file: { name: 'Outpilot_Interaction_Log.csv', text: 'Contact,Campaign\n' },
    }),
  });
  const profile = makeProfile({ isProPlanAccessible: options.isPro ?? false });
  const bridge = createFakeBridge({
    handlers: {
      'api.getToken': tokenHandler,
      'api.getMyProfile': () => profile,
      // Signed in to the network as the linked account: no warning.
      'network.getMyProfile': () => ({ entityId: profile.linkedInProfile?.entityId }),
    },
  });
  const view = renderApp({
    bridge,
    fetch: api.fetch,
    path: '/activities-queue',
    // The product's client: its answers stay fresh for a while, so only the page can ask again.
    queryClient: createQueryClient(),
    routes: [
      { path: '/activities-queue', element: <ActivitiesQueuePage /> },
      { path: '/campaigns/:id', element: <h1>Campaign page</h1> },
    ],
  });
  return { api, view };
}

const rows = () => screen.findAllByTestId('queue-row');
const actionsOf = (index: number) => screen.getByRole('button', { name: `Actions for Person ${index}` });
const queueReads = (calls: { path: string }[]) => calls.filter((call) => call.path === queuePath).length;

describe('ActivitiesQueuePage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the queue again each time the route is visited (§2)', async () => {
    const { api, view } = renderQueue(queueAnswer([makeQueueItem(1)]));
    await rows();
    expect(queueReads(api.calls)).toBe(1);

    // Away through the row's campaign link, and back within the app.
    fireEvent.click(screen.getByRole('link', { name: 'Spring outreach' }));
    await screen.findByRole('heading', { name: 'Campaign page' });
    await view.router.navigate('/activities-queue');
    await rows();
    await waitFor(() => expect(queueReads(api.calls)).toBe(2));
  });

  it('shows the weekly-limit and working-hours banners by the answer’s flags (§2)', async () => {
    const first = renderQueue(queueAnswer([makeQueueItem(1)]));
    await rows();
    expect(screen.queryByText(activitiesQueueTexts.weeklyLimit)).not.toBeInTheDocument();
    expect(screen.queryByText(activitiesQueueTexts.outsideWorkingHours)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.view.unmount();

    renderQueue(
      queueAnswer([makeQueueItem(1)], {
        weekly_invitation_limit_exceeded: true,
        outside_working_hours: true,
      }),
    );
    const banners = await screen.findAllByRole('alert');
    expect(banners.map((banner) => banner.textContent)).toEqual([
      'The weekly limit for sending invitations has been exceeded',
      'The activities will starts upon your working hours',
    ]);
  });

  it('opens the menu upward for the last rows of more than 6, downward above them (§2)', async () => {
    renderQueue(queueAnswer(Array.from({ length: 8 }, (_, i) => makeQueueItem(i + 1))));
    expect(await rows()).toHaveLength(8);
    // Layout for MUI's placement (happy-dom lays nothing out): each actions button at 400-432 px
    // from the top of a 768 px window, a menu 100 px high.
    const button = { top: 400, bottom: 432, left: 300, right: 332, width: 32, height: 32, x: 300, y: 400 };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      ...button,
      toJSON: () => button,
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(200);
    /** Where the open menu's paper starts, from the window's top. */
    const menuTop = async (index: number) => {
      fireEvent.click(actionsOf(index));
      const menu = await screen.findByRole('menu');
      const paper = menu.closest('.MuiPaper-root') as HTMLElement;
      await waitFor(() => expect(paper.style.top).not.toBe(''));
      const top = Number.parseFloat(paper.style.top);
      fireEvent.keyDown(menu, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      return top;
    };
    // The last two rows: the menu ends at the button's top edge. The others: it starts below it.
    expect(await menuTop(8)).toBe(button.top - 100);
    expect(await menuTop(7)).toBe(button.top - 100);
    expect(await menuTop(6)).toBe(button.bottom);
    expect(await menuTop(1)).toBe(button.bottom);
  });

  it("shows a row's steps, its activity and when it starts, and the message as rendered (Show step details)", async () => {
    const base = makeQueueItem(1);
    const [connect, delay, message] = base.execution.step_executions;
    if (!connect || !delay || !message) throw new Error('the fixture has three steps');
    renderQueue(
      queueAnswer([
        makeQueueItem(1, {
          step_number: 3,
          operation_type: 'Message',
          execution: {
            ...base.execution,
            step_executions: [
              { ...connect, state: 'Succeed', human_state: 'Connected' },
              delay,
              { ...message, state: 'InQueue', human_state: 'In queue' },
            ],
          },
          message: 'Thanks for connecting, Person!',
        }),
      ]),
    );
    await rows();
    fireEvent.click(actionsOf(1));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Show step details' }));

    const dialog = await screen.findByRole('dialog', { name: 'Person 1 in “Spring outreach”' });
    expect(within(dialog).getByText('Message — starts in 2 h 5 min')).toBeInTheDocument();
    // The visible steps, numbered as the user counts them (the Delay folded away).
    const steps = within(within(dialog).getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1. Connect: Connected', '2. Message: In queue']);
    expect(within(dialog).getByLabelText('Message')).toHaveTextContent('Thanks for connecting, Person!');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("'Export recent activities' downloads the server's CSV (Pro)", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { api } = renderQueue(queueAnswer([makeQueueItem(1)]), { isPro: true });
    await rows();
    const exportButton = screen.getByRole('button', { name: 'Export recent activities' });
    await waitFor(() => expect(exportButton).toBeEnabled());
    fireEvent.click(exportButton);

    await waitFor(() => expect(downloads).toEqual(['Outpilot_Interaction_Log.csv']));
    expect(api.calls.filter((call) => call.path === '/recent-activities/export')).toHaveLength(1);
  });

  it('is operable by keyboard alone: Tab reaches each row’s actions, the menu opens, moves and closes', async () => {
    renderQueue(queueAnswer([1, 2, 3].map((index) => makeQueueItem(index))));
    await rows();
    const table = screen.getByRole('table', { name: 'Activities queue' });
    // What Tab walks through, in order: focusable and not taken out of the tab order.
    const tabStops = [
      ...table.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
    ].filter((element) => element.tabIndex >= 0 && !element.hasAttribute('disabled'));
    const actions = [1, 2, 3].map(actionsOf);
    for (const button of actions) expect(tabStops).toContain(button);
    expect(tabStops.filter((element) => actions.includes(element))).toEqual(actions);

    const button = actions[1] as HTMLElement;
    button.focus();
    expect(button).toHaveFocus();
    // A native button: the browser turns Enter (and Space) into this click.
    expect(button.tagName).toBe('BUTTON');
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Show step details' })).toHaveFocus(),
    );
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(within(menu).getByRole('menuitem', { name: 'Open profile' })).toHaveFocus();
    // 'Open conversation' is off (no conversation yet): the arrows pass over it.
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(within(menu).getByRole('menuitem', { name: 'Open campaign' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(within(menu).getByRole('menuitem', { name: 'Open profile' })).toHaveFocus();

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    // Back where the user was.
    await waitFor(() => expect(button).toHaveFocus());
  });
});
