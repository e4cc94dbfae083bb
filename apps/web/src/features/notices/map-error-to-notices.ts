import { isApiError } from '../../api/api-error.ts';
import { badGatewayText } from '../../bridge/bridge-error.ts';

export type NoticeVariant = 'default' | 'attention';

export type Notice = {
  message: string;
  variant: NoticeVariant;
  /** An optional button that links somewhere. */
  action?: { label: string; href: string };
};

/** What the app does about a failure (seed 000 §8): the notices to show and whether the page reloads. */
export type ErrorReaction = { notices: Notice[]; reloadPage: boolean };

export type ErrorContext = { subscriptionIsActive?: boolean | undefined };

export const noticeTexts = {
  badGateway: badGatewayText,
  notAuthorized: 'Not authorized',
  subscriptionExpired: 'Subscription is expired',
  oldExtension: 'Please download new extension version',
  extensionNotInstalled: 'Extension is not installed',
  unknown: 'Oooops.. Something went wrong.',
} as const;

const gatewayStatuses = new Set([0, 502, 503, 504]);

type ErrorFacts = { status?: number; name: string; message: string; firstDescription?: string };

function readFacts(error: unknown): ErrorFacts {
  if (isApiError(error)) {
    return {
      status: error.status,
      name: error.body.name,
      message: error.body.message,
      firstDescription: error.body.errors?.[0]?.description,
    };
  }
  if (error instanceof Error) {
    const errors = (error as { errors?: unknown }).errors;
    const first = Array.isArray(errors) ? (errors[0] as { description?: unknown } | undefined) : undefined;
    return {
      name: error.name,
      message: error.message,
      firstDescription: typeof first?.description === 'string' ? first.description : undefined,
    };
  }
  return { name: 'ClientError', message: typeof error === 'string' ? error : '' };
}

const single = (message: string, reloadPage = false): ErrorReaction => ({
  notices: [{ message, variant: 'default' }],
  reloadPage,
});

/** Maps any failure (ApiError, BridgeError, network error, other) to the notices of the error catalogue. */
export function mapErrorToNotices(error: unknown, context: ErrorContext = {}): ErrorReaction {
  const facts = readFacts(error);
  const isNetworkFailure = error instanceof TypeError && /fetch|network/i.test(facts.message);
  if (
    (facts.status !== undefined && gatewayStatuses.has(facts.status)) ||
    facts.name === 'BadGateway' ||
    facts.name === 'TimeoutError' ||
    isNetworkFailure
  ) {
    return single(noticeTexts.badGateway);
  }
  if (facts.status === 422 || facts.name === 'UnprocessableEntity') {
    return single(facts.firstDescription ?? facts.message);
  }
  if (facts.status === 403 || facts.name === 'NotAuthorized') {
    const notices: Notice[] = [{ message: noticeTexts.notAuthorized, variant: 'default' }];
    if (context.subscriptionIsActive === false) {
      notices.push({ message: noticeTexts.subscriptionExpired, variant: 'attention' });
    }
    return { notices, reloadPage: false };
  }
  if (facts.status === 404) return { notices: [], reloadPage: true };
  if (facts.name === 'OldExtension') return single(noticeTexts.oldExtension);
  if (facts.name === 'ExtensionNotInstalled') return single(noticeTexts.extensionNotInstalled, true);
  return single(facts.message || noticeTexts.unknown);
}
