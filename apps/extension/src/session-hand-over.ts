import {
  type BridgeRequest,
  type BridgeResponse,
  bridgeChannel,
  networkSessionHandOver,
} from '@outpilot/contracts';

/**
 * network.handOverSession (cloud automation with LinkedIn, issue 24 item 6): the one place the
 * extension reads the LinkedIn session to give it away. Served by the extension only, after the
 * app's consent dialog (the payload must say consent: true), to an app origin the background
 * already accepted. Answers null for every other message, which the agent serves.
 */
export function handOverSession(
  message: BridgeRequest,
  readNetworkCookie: (name: string) => Promise<string | null>,
): Promise<BridgeResponse> | null {
  if (message.target !== networkSessionHandOver.target || message.command !== networkSessionHandOver.command)
    return null;
  const answer = (
    result: { ok: true; result: unknown } | { ok: false; error: { name: string; message: string } },
  ) =>
    ({ channel: bridgeChannel, kind: 'response', metadata: message.metadata, ...result }) as BridgeResponse;
  if (!networkSessionHandOver.payload.safeParse(message.payload).success) {
    return Promise.resolve(
      answer({
        ok: false,
        error: { name: 'UnprocessableEntity', message: 'The session is handed over only with consent' },
      }),
    );
  }
  return Promise.all([readNetworkCookie('li_at'), readNetworkCookie('JSESSIONID')]).then(
    ([liAt, jsessionId]) =>
      liAt && jsessionId
        ? answer({
            ok: true,
            result: networkSessionHandOver.result.parse({ li_at: liAt, JSESSIONID: jsessionId }),
          })
        : answer({
            ok: false,
            error: { name: 'NotAuthenticated', message: 'Please, sign in at LinkedIn to proceed.' },
          }),
  );
}
