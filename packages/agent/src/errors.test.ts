import { runtimeErrorMessages } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { AgentError, toErrorBody, toErrorName } from './errors.ts';

describe('toErrorBody', () => {
  it('keeps named agent errors and maps the browser runtime messages', () => {
    expect(toErrorBody(new AgentError('ExceedsLimit', 'Too many', { code: 'WEEKLY_INVITATIONS' }))).toEqual({
      name: 'ExceedsLimit',
      message: 'Too many',
      code: 'WEEKLY_INVITATIONS',
    });
    expect(toErrorBody(new Error(runtimeErrorMessages.missingReceiver)).name).toBe(
      'ExtensionRuntimeMissingReceiver',
    );
    expect(toErrorBody(new Error(runtimeErrorMessages.closedPort)).name).toBe('ExtensionRuntimeClosedPort');
    expect(toErrorBody(new TypeError('x is undefined'))).toEqual({
      name: 'ClientError',
      message: 'x is undefined',
    });
    expect(toErrorBody(42)).toEqual({ name: 'ClientError', message: 'Unknown error' });
  });

  it('turns unknown error names into a generic error', () => {
    expect(toErrorName('NotFound')).toBe('NotFound');
    expect(toErrorName('SomethingElse')).toBe('ClientError');
  });
});

describe('AgentError.transient', () => {
  it('holds for bad gateways, server failures and throttles, not for refusals or quotas', () => {
    expect(new AgentError('BadGateway', 'x').transient).toBe(true);
    expect(new AgentError('InternalError', 'x', { status: 500 }).transient).toBe(true);
    expect(
      new AgentError('ExceedsLimit', 'x', { code: 'RATE_LIMITED', retryAfterMs: 30_000 }).transient,
    ).toBe(true);
    expect(new AgentError('ExceedsLimit', 'x', { code: 'WEEKLY_INVITATIONS' }).transient).toBe(false);
    expect(new AgentError('NotAuthorized', 'x', { status: 403 }).transient).toBe(false);
    expect(new AgentError('SalesNavigatorNotAuthorized', 'x', { status: 403 }).transient).toBe(false);
  });
});
