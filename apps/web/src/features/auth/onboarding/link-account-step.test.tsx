import type { NetworkProfile } from '@outpilot/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, createFakeApi, tokenHandler } from '../../../test/fake-api.ts';
import { createFakeBridge } from '../../../test/fake-bridge.ts';
import { makeProfile } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { LinkAccountStep, notSignedInToNetworkText } from './link-account-step.tsx';

const member: NetworkProfile = {
  entityId: 'ACoAAxyz',
  publicIdentifier: 'grace-hopper-000042',
  firstName: 'Grace',
  lastName: 'Hopper',
  headline: 'Rear Admiral',
  picture: '/sandbox/avatars/ACoAAxyz.svg',
  location: 'Arlington, Virginia, United States',
  company: 'US Navy',
  degree: 'SELF',
  isPremium: false,
  hasSalesNavigator: false,
};

function renderStep(networkProfile: NetworkProfile | null, link: () => Promise<ApiAnswer>) {
  const api = createFakeApi({ 'POST /network-profiles': link });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'network.getMyProfile': () => networkProfile },
  });
  const profile = makeProfile({ linkedInProfile: null, timezoneOffset: null, workingHoursSet: false });
  renderApp({
    bridge,
    fetch: api.fetch,
    routes: [{ path: '/', element: <LinkAccountStep profile={profile} /> }],
  });
  return { api };
}

function deferred() {
  let resolve: (answer: ApiAnswer) => void = () => undefined;
  const promise = new Promise<ApiAnswer>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LinkAccountStep', () => {
  it('says to sign in to the network first when the browser has no network session', async () => {
    renderStep(null, async () => ({ status: 500 }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(document.querySelector('#notistack-snackbar')).toHaveTextContent(notSignedInToNetworkText),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('confirms the captured profile, cannot be closed while linking, and closes on error with its message', async () => {
    const link = deferred();
    const { api } = renderStep(member, () => link.promise);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link this account?' });
    expect(within(dialog).getByText('You cannot change it later!')).toBeInTheDocument();
    expect(within(dialog).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Public profile' })).toHaveAttribute(
      'href',
      '/sandbox/in/grace-hopper-000042',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: /Link/ })).toBeDisabled();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const backdrop = document.querySelector('.MuiBackdrop-root');
    if (backdrop) fireEvent.click(backdrop);
    expect(screen.getByRole('dialog', { name: 'Link this account?' })).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({
      entityId: 'ACoAAxyz',
      publicIdentifier: 'grace-hopper-000042',
      givenName: 'Grace',
      familyName: 'Hopper',
      picture: '/sandbox/avatars/ACoAAxyz.svg',
    });

    link.resolve({
      status: 409,
      body: {
        name: 'ProfileAlreadyUsed',
        message: 'This LinkedIn account is already linked to another Outpilot account',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.querySelector('#notistack-snackbar')).toHaveTextContent(
      'This LinkedIn account is already linked to another Outpilot account',
    );
  });

  it('closes with Back, and goes to /contacts with a reload after linking', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderStep(member, async () => ({ status: 201, body: makeProfile() }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/contacts'));
  });
});
