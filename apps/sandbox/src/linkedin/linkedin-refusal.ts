import { refusalBody } from '@outpilot/agent/linkedin-dialect';
import { sandboxActionErrorCodes as codes } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { SandboxError } from '../http/sandbox-error.ts';

/** A refusal as linkedin.com answers it: a status, maybe data.code, a plain text or a redirect. */
export class LinkedInRefusal extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly text: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    options: { code?: string; text?: string; headers?: Record<string, string> } = {},
  ) {
    super(options.text ?? `LinkedIn refusal ${status}`);
    this.status = status;
    this.code = options.code;
    this.text = options.text;
    this.headers = options.headers ?? {};
  }
}

/**
 * The sandbox's refusals, written as linkedin.com's (reference table §2.2): the same decision the
 * sandbox's own dialect answers with its error body, here with LinkedIn's statuses and data.code.
 */
export function toLinkedInRefusal(error: SandboxError): LinkedInRefusal {
  const retryAfter: Record<string, string> =
    error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  switch (error.code) {
    case codes.exceedFreeMonthlyPersonalizedInvitations:
      return new LinkedInRefusal(429, { code: 'CUSTOM_INVITE_LIMIT_REACHED' });
    case codes.weeklyInvitationLimit:
      return new LinkedInRefusal(400, { code: 'CANT_INVITE_CONNECTION_LIMIT_REACHED', headers: retryAfter });
    case codes.cantResendYet:
      return new LinkedInRefusal(400, { code: 'CANT_RESEND_YET' });
    case codes.alreadyConnected:
      return new LinkedInRefusal(406);
    case codes.tooLongInvitationMessage:
      return new LinkedInRefusal(422);
    default:
      break;
  }
  switch (error.name) {
    case 'NotAuthenticated':
      return new LinkedInRefusal(401);
    case 'ExceedsLimit':
    case 'TooManyRequests':
      return new LinkedInRefusal(429, { headers: retryAfter });
    case 'BadGateway':
      return new LinkedInRefusal(502);
    case 'NotFound':
    case 'EmptySearchPage':
      return new LinkedInRefusal(404);
    case 'NotAuthorized':
    case 'SalesNavigatorNotAuthorized':
      return new LinkedInRefusal(403);
    case 'UnprocessableEntity':
      return new LinkedInRefusal(422);
    default:
      return new LinkedInRefusal(400);
  }
}

/** The facade's one error handler: every failure leaves as LinkedIn's refusal, never the sandbox's body. */
export function installLinkedInErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const refusal =
      error instanceof LinkedInRefusal
        ? error
        : error instanceof SandboxError
          ? toLinkedInRefusal(error)
          : error instanceof ZodError
            ? new LinkedInRefusal(400)
            : typeof error === 'object' && error && 'statusCode' in error && Number(error.statusCode) < 500
              ? new LinkedInRefusal(Number(error.statusCode))
              : undefined;
    if (!refusal) {
      request.log.error({ err: error }, 'sandbox LinkedIn facade failed');
      return reply.status(500).send(refusalBody(500));
    }
    reply.headers(refusal.headers);
    if (refusal.status >= 300 && refusal.status < 400) return reply.status(refusal.status).send();
    if (refusal.text !== undefined)
      return reply.status(refusal.status).type('text/plain; charset=utf-8').send(refusal.text);
    return reply.status(refusal.status).send(refusalBody(refusal.status, refusal.code));
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(refusalBody(404)));
}
