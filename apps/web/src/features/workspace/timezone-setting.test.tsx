import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { renderApp } from '../../test/render-app.tsx';
import { TimezoneSetting, timezoneChangedText } from './timezone-setting.tsx';

function renderSetting(answer: { status: number; body?: unknown }) {
  const api = createFakeApi({ 'PUT /workspace/timezone-offset': () => answer });
  const bridge = createFakeBridge({ handlers: { 'api.getToken': tokenHandler } });
  renderApp({ bridge, fetch: api.fetch, routes: [{ path: '/', element: <TimezoneSetting offset={120} /> }] });
  return api;
}

async function choose(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Timezone' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('TimezoneSetting', () => {
  it("saves the new offset and says 'Time zone is changed'", async () => {
    const api = renderSetting({ status: 200, body: { timezone_offset: -300 } });
    await choose('GMT-05:00');
    await waitFor(() =>
      expect(api.calls).toContainEqual(expect.objectContaining({ body: { timezone_offset: -300 } })),
    );
    expect(
      await screen.findByText(timezoneChangedText, { selector: '#notistack-snackbar' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent('GMT-05:00');
  });

  it('reverts the selection when the server refuses it, and shows why', async () => {
    renderSetting({
      status: 422,
      body: {
        name: 'UnprocessableEntity',
        message: 'Timezone is not on the list',
        errors: [{ field: 'timezone_offset', description: 'Timezone is not on the list' }],
      },
    });
    await choose('GMT-05:00');
    expect(
      await screen.findByText('Timezone is not on the list', { selector: '#notistack-snackbar' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent('GMT+02:00'),
    );
  });
});
