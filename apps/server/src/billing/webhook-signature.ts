import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './payments-port.ts';

/** The header the provider signs each delivery with: `t=<unix seconds>,v1=<hex HMAC-SHA256>` (Stripe's scheme). */
export const webhookSignatureHeader = 'payments-signature';
/** A delivery signed longer ago than this is refused: a captured request cannot be replayed later. */
export const webhookToleranceSeconds = 300;

const digest = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signWebhook(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${digest(secret, timestamp, body)}`;
}

/** Throws WebhookSignatureError unless the header carries a fresh signature of this exact body. */
export function checkWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  now: Date,
): void {
  if (!header) throw new WebhookSignatureError('No signature header');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2);
    if (!key || value === undefined) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp)) throw new WebhookSignatureError('No timestamp in the signature header');
  if (Math.abs(now.getTime() / 1000 - timestamp) > webhookToleranceSeconds) {
    throw new WebhookSignatureError('The signature is outside the tolerance');
  }
  const expected = Buffer.from(digest(secret, timestamp, body), 'hex');
  const matches = (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('No signature matches the body');
}
