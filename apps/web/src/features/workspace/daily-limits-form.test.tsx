import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { renderApp } from '../../test/render-app.tsx';
import { DailyLimitsForm } from './daily-limits-form.tsx';

const limits = {
  daily_linkedin_follow_limit: 25,
  daily_linkedin_invitations_limit: 20,
  daily_linkedin_messages_limit: 30,
  daily_linkedin_react_on_post_limit: 35,
};

function renderForm(status = 200) {
  const api = createFakeApi({
    // Like the server: a saved PUT answers the limits back.
    'PUT /workspace/daily-limits': ({ body }) =>
      status === 200
        ? { status, body }
        : {
            status,
            body: {
              name: 'UnprocessableEntity',
              message: 'No',
              errors: [{ field: 'x', description: 'Too many' }],
            },
          },
  });
  const bridge = createFakeBridge({ handlers: { 'api.getToken': tokenHandler } });
  renderApp({
    bridge,
    fetch: api.fetch,
    routes: [{ path: '/', element: <DailyLimitsForm limits={limits} /> }],
  });
  return api;
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('DailyLimitsForm', () => {
  it('offers the choices of each kind and saves all four daily_linkedin fields', async () => {
    const api = renderForm();
    expect(screen.getByRole('combobox', { name: 'Follows' })).toHaveTextContent('25');
    expect(screen.getByRole('combobox', { name: 'Likes' })).toHaveTextContent('35');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Invitations' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      Array.from({ length: 16 }, (_, index) => String(index * 5)),
    );
    fireEvent.click(screen.getByRole('option', { name: '40' }));
    await waitFor(() =>
      expect(document.querySelector('#notistack-snackbar')).toHaveTextContent('Daily limits is changed'),
    );
    expect(api.calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/workspace/daily-limits',
        body: { ...limits, daily_linkedin_invitations_limit: 40 },
      }),
    ]);
  });

  it('reverts the selection and shows the error when saving fails', async () => {
    renderForm(422);
    await choose('Messages', '100');
    await waitFor(() => expect(document.querySelector('#notistack-snackbar')).toHaveTextContent('Too many'));
    expect(screen.getByRole('combobox', { name: 'Messages' })).toHaveTextContent('30');
  });
});
