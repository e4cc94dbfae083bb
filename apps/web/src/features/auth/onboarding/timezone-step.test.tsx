import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../../test/fake-api.ts';
import { createFakeBridge } from '../../../test/fake-bridge.ts';
import { makeProfile } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { TimezoneStep } from './timezone-step.tsx';

/** A date whose browser offset is the given minutes east of UTC. */
function dateAt(eastMinutes: number): () => Date {
  const date = new Date('2026-03-10T10:00:00.000Z');
  date.getTimezoneOffset = () => -eastMinutes;
  return () => date;
}

function renderStep(now: () => Date) {
  const api = createFakeApi({ 'PUT /workspace/timezone-offset': () => ({ status: 204 }) });
  const bridge = createFakeBridge({
    handlers: {
      'api.getToken': tokenHandler,
      'api.getMyProfile': () => makeProfile({ timezoneOffset: null, workingHoursSet: false }),
    },
  });
  const view = renderApp({
    bridge,
    fetch: api.fetch,
    routes: [{ path: '/', element: <TimezoneStep now={now} /> }],
  });
  return { api, view };
}

describe('TimezoneStep', () => {
  it("preselects the browser's offset and saves it with Next, then invalidates the profile", async () => {
    const { api, view } = renderStep(dateAt(330));
    expect(screen.getByRole('heading', { name: 'Choose your GMT and working hours' })).toBeInTheDocument();
    expect(screen.getByText('You can reset this step in personal account later')).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Timezone' });
    expect(select).toHaveTextContent('GMT+05:30');

    // The profile query exists once the gate has read it; Next invalidates it.
    view.queryClient.setQueryData(['auth', 'profile'], makeProfile({ timezoneOffset: null }));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'GMT+01:00' }));
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent('GMT+01:00');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          path: '/workspace/timezone-offset',
          body: { timezone_offset: 60 },
        }),
      ),
    );
    await waitFor(() =>
      expect(view.queryClient.getQueryState(['auth', 'profile'])?.isInvalidated).toBe(true),
    );
  });

  it('falls back to the first entry when the browser offset is not on the list', () => {
    renderStep(dateAt(7));
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent('GMT-12:00');
  });
});
