import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, tokenHandler } from '../../../test/fake-api.ts';
import { createFakeBridge } from '../../../test/fake-bridge.ts';
import { makeProfile } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { WorkingHoursStep } from './working-hours-step.tsx';

function renderStep(answer: { status?: number; body?: unknown } = { status: 204 }) {
  const api = createFakeApi({ 'PUT /workspace/working-hours-in-minutes': () => answer });
  const bridge = createFakeBridge({
    handlers: {
      'api.getToken': tokenHandler,
      'api.refreshToken': tokenHandler,
      'logging.report': () => ({}),
    },
  });
  const profile = makeProfile({ workingHoursSet: false, timezoneOffset: 120 });
  renderApp({
    bridge,
    fetch: api.fetch,
    routes: [{ path: '/', element: <WorkingHoursStep profile={profile} /> }],
  });
  return { api, bridge };
}

const input = (day: string) => screen.getByRole('textbox', { name: `${day} working hours` });
const accept = () => screen.getByRole('button', { name: 'Accept' });
const type = (day: string, value: string) => fireEvent.change(input(day), { target: { value } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('WorkingHoursStep', () => {
  it('shows the step with the timezone, the note and Mon-Fri 09:00-19:00 selected', () => {
    renderStep();
    expect(screen.getByRole('heading', { name: 'Working hours' })).toBeInTheDocument();
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    expect(screen.getByText('GMT+02:00')).toBeInTheDocument();
    expect(screen.getByText('You can work up to 12 hours a day.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    expect(input('Friday')).toHaveValue('09:00-19:00');
    expect(input('Monday')).toHaveAttribute('placeholder', 'Enter working hours');
    expect(accept()).toBeEnabled();
  });

  it("shows the domain's error texts under the input and disables Accept while invalid", () => {
    renderStep();
    type('Monday', '');
    expect(screen.getByText('Input the time')).toBeInTheDocument();
    expect(accept()).toBeDisabled();

    type('Monday', '1000');
    expect(input('Monday')).toHaveValue('10:00-__:__');
    expect(screen.getByText('Invalid interval format')).toBeInTheDocument();
    type('Monday', '10:00-09:00');
    expect(screen.getByText('Invalid interval format')).toBeInTheDocument();
    expect(accept()).toBeDisabled();

    type('Monday', '0600-2300');
    expect(input('Monday')).toHaveValue('06:00-23:00');
    expect(screen.getByText("Total interval can't exceed 12 hours")).toBeInTheDocument();
    expect(accept()).toBeDisabled();

    type('Monday', '08:00-18:00');
    expect(screen.queryByText("Total interval can't exceed 12 hours")).not.toBeInTheDocument();
    expect(accept()).toBeEnabled();
  });

  it('needs at least one selected day', () => {
    renderStep();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      fireEvent.click(screen.getByRole('checkbox', { name: day }));
    }
    expect(screen.getByText('At least one day must be selected')).toBeInTheDocument();
    expect(accept()).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    expect(accept()).toBeEnabled();
  });

  it('saves the hours, then the final modal refreshes the token and goes to /contacts', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { api, bridge } = renderStep();
    type('Tuesday', '13:00-00:00');
    fireEvent.click(accept());
    const dialog = await screen.findByRole('dialog', { name: 'Account is ready for use!' });
    expect(within(dialog).getByText('Create your first campaign.')).toBeInTheDocument();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      monday: [{ start: 540, duration: 600 }],
      // An end of 00 counts as 24 (§5).
      tuesday: [{ start: 780, duration: 660 }],
      wednesday: [{ start: 540, duration: 600 }],
      thursday: [{ start: 540, duration: 600 }],
      friday: [{ start: 540, duration: 600 }],
      saturday: [],
      sunday: [],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: "Let's start!" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/contacts'));
    expect(bridge.calls.some((call) => call.command === 'refreshToken')).toBe(true);
  });

  it('logs a failed submit and shows its notice', async () => {
    const { bridge } = renderStep({
      status: 422,
      body: {
        name: 'UnprocessableEntity',
        message: 'Invalid',
        errors: [{ field: 'monday', description: 'Bad day' }],
      },
    });
    fireEvent.click(accept());
    await waitFor(() => expect(document.querySelector('#notistack-snackbar')).toHaveTextContent('Bad day'));
    expect(bridge.calls.some((call) => call.target === 'logging' && call.command === 'report')).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
