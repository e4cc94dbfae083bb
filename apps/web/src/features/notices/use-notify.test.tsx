import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { authQueryKeys } from '../auth/auth-queries.ts';
import { useNotify } from './use-notify.tsx';

function FailingAction() {
  const { notifyError } = useNotify();
  return (
    <button
      type="button"
      onClick={() => notifyError(new ApiError(403, { name: 'NotAuthorized', message: 'no' }))}
    >
      Try
    </button>
  );
}

describe('useNotify', () => {
  it('shows the catalogue notices of a 403, with the attention notice for an expired subscription', async () => {
    const { queryClient } = renderApp({
      bridge: createFakeBridge(),
      routes: [{ path: '/', element: <FailingAction /> }],
    });
    queryClient.setQueryData(authQueryKeys.profile, makeProfile({ subscriptionIsActive: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Try' }));
    await waitFor(() => expect(document.querySelectorAll('#notistack-snackbar')).toHaveLength(2));
    const texts = [...document.querySelectorAll('#notistack-snackbar')].map((node) => node.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Not authorized', 'Subscription is expired']));
  });
});
