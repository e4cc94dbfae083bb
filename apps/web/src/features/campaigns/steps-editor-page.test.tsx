import type { Campaign, CampaignStep } from '@outpilot/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeCampaign, makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeContact } from '../contacts/contact-fixtures.ts';
import { actionTypesHiddenInEditor, StepsEditorPage } from './steps-editor-page.tsx';

const id = '55555555-5555-4555-8555-555555555555';
const connect: CampaignStep = { type: 'Connect', message_template: null, timeout: 14_400, delay: 30 };
const message = (text: string, days = 3): CampaignStep => ({
  type: 'Message',
  message_template: text,
  timeout: days * 1440,
});
const follow: CampaignStep = { type: 'Follow', timeout: 1440 };
const running = { state: 'Running', started: '2026-03-05T10:00:00.000Z', allowAddSteps: false } as const;
/** The campaign's contact the preview renders for: a country, the engine's {country}. */
const ana = makeContact(1, { first_name: 'Ana', full_name: 'Ana Lisbon', country: 'Portugal' });

/** /campaigns/{id}/tune of a campaign; Save answers the saved steps with the server's allowAddSteps. */
function renderEditor(overrides: Partial<Campaign> = {}) {
  // A draft with no steps yet unless overridden (`running` says the server's allowAddSteps itself).
  const campaign = makeCampaign({ id, steps: [], target_audience_count: 1, ...overrides });
  const api = createFakeApi({
    [`GET /campaigns/${id}`]: () => ({ body: campaign }),
    'GET /contacts/page': () => ({ body: { documents: [ana], total: 1 } }),
    [`PUT /campaigns/${id}/update_steps`]: ({ body }) => ({
      body: { ...campaign, ...(body as Pick<Campaign, 'steps' | 'launch_in_minutes'>) },
    }),
  });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
  });
  const view = renderApp({
    bridge,
    fetch: api.fetch,
    path: `/campaigns/${id}/tune`,
    routes: [
      { path: '/campaigns/:id/tune', element: <StepsEditorPage /> },
      { path: '/campaigns/:id', element: <h1>Campaign page</h1> },
      { path: '/campaigns/:id/contacts', element: <h1>Campaign contacts</h1> },
    ],
  });
  const saves = () => api.calls.filter((call) => call.method === 'PUT');
  return { api, view, saves };
}

const editorLoaded = () => screen.findByRole('form', { name: 'Steps editor' });
/** '1. Connect', ... : each action's heading without its delay or warning. */
const actionTitles = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent?.replace(/(Delay: .*|Has warnings)$/, ''));

async function addAction(label: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Add action' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: label }));
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
}

/** The options of a MUI select, opened by the keyboard's way (mouse down on its button). */
async function selectOptions(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  const options = within(await screen.findByRole('listbox')).getAllByRole('option');
  return options;
}

function setTimer(label: string, part: 'Days' | 'Hours' | 'Minutes', value: string, index = 0) {
  const input = screen.getAllByRole('spinbutton', { name: `${label}: ${part}` })[index];
  if (!input) throw new Error(`no ${label}: ${part}`);
  fireEvent.change(input, { target: { value } });
  return input;
}

describe('StepsEditorPage', () => {
  it('offers all seven action types (the recorded "visible" reading) and ReactOnPost the six reactions', async () => {
    renderEditor();
    await editorLoaded();
    expect(actionTypesHiddenInEditor).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add action' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Connect',
      'Message',
      'Visit profile',
      'Follow',
      'React on post',
      'Endorse skill',
      'Scrape profile',
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'React on post' }));
    expect(actionTitles()).toEqual(['1. React on post']);
    const reactions = await selectOptions('Reaction');
    expect(reactions.map((option) => option.textContent)).toEqual([
      'Like',
      'Celebrate',
      'Support',
      'Love',
      'Insightful',
      'Funny',
    ]);
  });

  it('previews the text for a contact of the campaign, {country} included, and zooms on the same text', async () => {
    const { api } = renderEditor({ steps: [message('Hi {first_name} from {country}!')] });
    await editorLoaded();
    const text = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() =>
      expect(text).toHaveAccessibleDescription('Preview for Ana Lisbon Hi Ana from Portugal!'),
    );
    const previewCall = api.calls.find((call) => call.path === '/contacts/page');
    expect(previewCall?.query.get('$filter')).toBe(`campaigns/any(c: c eq '${id}')`);

    fireEvent.click(screen.getByRole('button', { name: 'Zoom' }));
    const zoomed = await screen.findByRole('dialog', { name: 'Message' });
    const bigText = within(zoomed).getByRole('textbox', { name: 'Message, zoomed' });
    expect(bigText).toHaveValue('Hi {first_name} from {country}!');
    fireEvent.change(bigText, { target: { value: 'Dear {first_name}, {nickname}' } });
    expect(await within(zoomed).findByText('{nickname} is not supported')).toBeInTheDocument();
    fireEvent.click(within(zoomed).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(text).toHaveValue('Dear {first_name}, {nickname}');
    expect(text).toHaveAccessibleDescription('Preview for Ana Lisbon Dear Ana,');
  });

  it('tips free accounts over 200 note characters and refuses notes over 290', async () => {
    renderEditor({ steps: [connect] });
    await editorLoaded();
    const note = screen.getByRole('textbox', { name: 'Invitation note (optional)' });
    fireEvent.change(note, { target: { value: 'x'.repeat(200) } });
    expect(screen.getByText('200 / 290')).toBeInTheDocument();
    fireEvent.change(note, { target: { value: 'x'.repeat(201) } });
    expect(screen.getByText('201 / 290 — free accounts: at most 200 (keep to 190-195)')).toBeInTheDocument();
    fireEvent.change(note, { target: { value: 'x'.repeat(290) } });
    expect(screen.getByText('290 / 290 — free accounts: at most 200 (keep to 190-195)')).toBeInTheDocument();
    fireEvent.change(note, { target: { value: 'x'.repeat(291) } });
    expect(await screen.findByText('Too long message')).toBeInTheDocument();
  });

  it('takes at most 12 actions', async () => {
    renderEditor({ steps: Array.from({ length: 11 }, () => follow) });
    await editorLoaded();
    const add = screen.getByRole('button', { name: 'Add action' });
    expect(add).toBeEnabled();
    expect(screen.queryByText('A campaign can have at most 12 actions.')).not.toBeInTheDocument();
    await addAction('Message');
    expect(actionTitles()).toHaveLength(12);
    expect(add).toBeDisabled();
    expect(screen.getByText('A campaign can have at most 12 actions.')).toBeInTheDocument();
  });

  it('deletes a middle action with the ones after it, only after its confirmation', async () => {
    renderEditor({ steps: [connect, message('Hello'), follow] });
    await editorLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Delete action 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete action' });
    expect(within(dialog).getByText('Delete action 2 and every action after it?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actionTitles()).toEqual(['1. Connect', '2. Message', '3. Follow']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete action 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete action' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(actionTitles()).toEqual(['1. Connect']));
  });

  it('after launch: no Add or Delete, the limited-editing banner, and Save goes to the campaign page', async () => {
    const { view, saves } = renderEditor({ ...running, steps: [connect, message('Hello')] });
    await editorLoaded();
    expect(screen.getByText('The campaign has already started, editing is limited')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete action/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Launch the first action' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/campaigns/${id}`));
    expect(saves()[0]?.body).toEqual({
      steps: [connect, message('Hello again')],
      launch_in_minutes: 0,
    });
  });

  it('saves a draft with its launch-in choice and goes on to its contacts', async () => {
    const { view, saves } = renderEditor();
    await editorLoaded();
    const options = await selectOptions('Launch the first action');
    expect(options.map((option) => option.textContent)).toEqual([
      'Immediately',
      'In 60 minutes',
      'In 120 minutes',
      'In 1 day',
      'In 2 days',
      'In 3 days',
      'In 4 days',
    ]);
    fireEvent.click(options[3] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/campaigns/${id}/contacts`));
    expect(saves()[0]?.body).toEqual({ steps: [], launch_in_minutes: 1440 });
  });

  it('asks before Cancel drops unsaved changes, and leaves at once without changes', async () => {
    const first = renderEditor({ steps: [follow] });
    await editorLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(first.view.router.state.location.pathname).toBe(`/campaigns/${id}`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.view.unmount();

    const second = renderEditor({ steps: [follow] });
    await editorLoaded();
    await addAction('Follow');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Leave campaign master' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(second.view.router.state.location.pathname).toBe(`/campaigns/${id}/tune`);
    expect(actionTitles()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'Leave campaign master' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(second.view.router.state.location.pathname).toBe(`/campaigns/${id}`));
    expect(second.saves()).toHaveLength(0);
  });

  it('adds Messages with the 3, 7, 14, 30-day timeouts and Connect with its 10-day withdraw period', async () => {
    renderEditor();
    await editorLoaded();
    // A Message's reply wait by its position in the sequence.
    for (let count = 0; count < 4; count += 1) await addAction('Message');
    await addAction('Connect');
    const days = (label: string) =>
      screen
        .getAllByRole('spinbutton', { name: `${label}: Days` })
        .map((input) => (input as HTMLInputElement).value);
    expect(days('Withdraw the invitation after')).toEqual(['10']);
    // Connect's delay after acceptance: 30 minutes.
    expect(
      screen.getByRole('spinbutton', { name: 'Delay after the invitation is accepted: Minutes' }),
    ).toHaveValue(30);
    expect(days('Delay: wait for a reply')).toEqual(['3', '7', '14', '30']);
  });

  it('holds timer inputs to days 0-9999, hours 0-23, minutes 0-59, and warns under the minimum', async () => {
    const { saves } = renderEditor({ steps: [connect, message('Hello')] });
    await editorLoaded();
    const reply = 'Delay: wait for a reply';
    const daysInput = screen.getByRole('spinbutton', { name: `${reply}: Days` });
    expect(daysInput).toHaveAttribute('max', '9999');
    expect(screen.getByRole('spinbutton', { name: `${reply}: Hours` })).toHaveAttribute('max', '23');
    expect(screen.getByRole('spinbutton', { name: `${reply}: Minutes` })).toHaveAttribute('max', '59');
    expect(setTimer(reply, 'Days', '10000')).toHaveValue(9999);
    expect(setTimer(reply, 'Hours', '30')).toHaveValue(23);
    expect(setTimer(reply, 'Minutes', '75')).toHaveValue(59);

    // Under a day is too short for a reply wait; Save is refused with the warning.
    setTimer(reply, 'Days', '0');
    setTimer(reply, 'Hours', '0');
    expect(await screen.findByText('Must be at least 1440 minutes')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fix all warnings');
    expect(saves()).toHaveLength(0);
    // A blank input resets the period to its minimum.
    expect(setTimer(reply, 'Minutes', '')).toHaveValue(0);
    expect(daysInput).toHaveValue(1);
    await waitFor(() => expect(screen.queryByText('Must be at least 1440 minutes')).not.toBeInTheDocument());

    // Connect's delay may be 0; its withdraw period, like every other timer, at least a day.
    const accepted = 'Delay after the invitation is accepted';
    setTimer(accepted, 'Minutes', '0');
    setTimer('Withdraw the invitation after', 'Days', '0');
    expect(await screen.findAllByText('Must be at least 1440 minutes')).toHaveLength(1);
    expect(screen.getByRole('spinbutton', { name: `${accepted}: Minutes` })).toHaveValue(0);
    expect(screen.getByRole('group', { name: 'Withdraw the invitation after' })).toHaveTextContent(
      'Must be at least 1440 minutes',
    );
  });
});
