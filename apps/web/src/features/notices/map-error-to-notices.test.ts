import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { BridgeError } from '../../bridge/bridge-error.ts';
import { mapErrorToNotices } from './map-error-to-notices.ts';

const badGateway = 'Bad network or service is temporarily unavailable. Please, try again later.';
const messagesOf = (error: unknown, subscriptionIsActive?: boolean) =>
  mapErrorToNotices(error, { subscriptionIsActive }).notices.map((notice) => notice.message);

describe('mapErrorToNotices', () => {
  it.each([502, 503, 504, 0])('maps status %i to the bad-gateway text', (status) => {
    expect(messagesOf(new ApiError(status, { name: 'Whatever', message: 'raw' }))).toEqual([badGateway]);
  });

  it('maps a network error and a bridge time-out to the bad-gateway text', () => {
    expect(messagesOf(new TypeError('Failed to fetch'))).toEqual([badGateway]);
    expect(messagesOf(new BridgeError({ name: 'BadGateway', message: 'timed out' }))).toEqual([badGateway]);
  });

  it("shows the first error's description for a 422", () => {
    const error = new ApiError(422, {
      name: 'UnprocessableEntity',
      message: 'Validation failed',
      errors: [
        { field: 'name', description: 'Name is required' },
        { field: 'x', description: 'Second' },
      ],
    });
    expect(messagesOf(error)).toEqual(['Name is required']);
    expect(
      messagesOf(new ApiError(422, { name: 'UnprocessableEntity', message: 'Validation failed' })),
    ).toEqual(['Validation failed']);
  });

  it("maps 403 to 'Not authorized' plus the attention notice for an inactive subscription", () => {
    const error = new ApiError(403, { name: 'NotAuthorized', message: 'Forbidden' });
    expect(mapErrorToNotices(error, { subscriptionIsActive: true }).notices).toEqual([
      { message: 'Not authorized', variant: 'default' },
    ]);
    expect(mapErrorToNotices(error, { subscriptionIsActive: false }).notices).toEqual([
      { message: 'Not authorized', variant: 'default' },
      { message: 'Subscription is expired', variant: 'attention' },
    ]);
  });

  it('maps the extension errors and reloads for a missing extension', () => {
    expect(messagesOf(new BridgeError({ name: 'OldExtension', message: 'old' }))).toEqual([
      'Please download new extension version',
    ]);
    const missing = mapErrorToNotices(new BridgeError({ name: 'ExtensionNotInstalled', message: 'x' }));
    expect(missing).toEqual({
      notices: [{ message: 'Extension is not installed', variant: 'default' }],
      reloadPage: true,
    });
  });

  it('reloads the page for a 404 and shows other errors with their message', () => {
    expect(mapErrorToNotices(new ApiError(404, { name: 'NotFound', message: 'Not found' }))).toEqual({
      notices: [],
      reloadPage: true,
    });
    expect(messagesOf(new BridgeError({ name: 'ExceedsLimit', message: 'Daily limit reached' }))).toEqual([
      'Daily limit reached',
    ]);
    expect(mapErrorToNotices(new Error('Plain failure')).reloadPage).toBe(false);
  });
});
