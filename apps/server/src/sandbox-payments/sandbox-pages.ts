import { escapeHtml } from '../escape-html.ts';
import type { SandboxCheckoutSession, SandboxCustomer, SandboxInvoice } from './sandbox-records.ts';
import { sandboxTestCards } from './test-cards.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; background: #f4f6f8; margin: 0; padding: 5vh 1rem; }
main { background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); max-width: 26rem; margin: 0 auto; }
label { display: block; margin-top: 1rem; font-size: .9rem; }
input { display: block; width: 100%; box-sizing: border-box; padding: .5rem; margin-top: .25rem; font-size: 1rem; }
button, .button { display: inline-block; margin-top: 1.5rem; width: 100%; box-sizing: border-box; text-align: center; padding: .6rem; font-size: 1rem; background: #1565c0; color: #fff; border: 0; border-radius: 4px; cursor: pointer; text-decoration: none; }
.secondary { background: #fff; color: #1565c0; border: 1px solid #1565c0; }
.error { color: #b71c1c; }
.note { color: #555; font-size: .85rem; }
table { width: 100%; border-collapse: collapse; margin-top: 1rem; font-size: .9rem; }
th, td { text-align: left; padding: .3rem; border-bottom: 1px solid #ddd; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const errorLine = (error: string | undefined) =>
  error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : '';

function cardFields(): string {
  return `<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry (MM / YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required>
<label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name">`;
}

const testCardNote = `<p class="note">Sandbox test cards: ${sandboxTestCards.success} pays,
${sandboxTestCards.declined} is declined, ${sandboxTestCards.needsAuthentication} asks for confirmation,
${sandboxTestCards.renewalDeclined} pays now and fails on renewal. Any future expiry, any CVC.</p>`;

export function renderCheckoutPage(input: {
  session: SandboxCheckoutSession;
  action: string;
  error?: string;
}): string {
  const { session } = input;
  const total =
    Math.round((session.unit_amount * (100 - (session.coupon?.percent_off ?? 0))) / 100) * session.quantity;
  if (session.status !== 'open') {
    return page(
      'Checkout',
      `<h1>Checkout</h1><p>This checkout session is no longer open.</p>
<a class="button" href="${escapeHtml(session.cancel_url)}">Return to the merchant</a>`,
    );
  }
  return page(
    'Checkout',
    `<h1>Subscribe to ${escapeHtml(session.product_name)}</h1>
<p><strong>${dollars(total)}</strong> per month${session.coupon ? ` (coupon ${escapeHtml(session.coupon.id)}: ${session.coupon.percent_off}% off)` : ''}</p>
<p class="note">${escapeHtml(session.customer_email)}, country ${escapeHtml(session.billing_country)}</p>
${errorLine(input.error)}
<form method="post" action="${escapeHtml(input.action)}">
${cardFields()}
<button type="submit">Pay and subscribe</button>
</form>
<a class="button secondary" href="${escapeHtml(session.cancel_url)}">Cancel and return</a>
${testCardNote}`,
  );
}

export function renderAuthenticationPage(action: string): string {
  return page(
    'Confirm your payment',
    `<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm this payment (sandbox 3-D Secure).</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="result" value="complete">Complete authentication</button>
<button type="submit" name="result" value="fail" class="secondary">Fail authentication</button>
</form>`,
  );
}

export function renderPortalPage(input: {
  customer: SandboxCustomer;
  invoices: SandboxInvoice[];
  action: string;
  returnUrl: string;
  invoiceUrl: (id: string) => string;
  error?: string;
  saved?: boolean;
}): string {
  const rows = input.invoices
    .map(
      (invoice) =>
        `<tr><td>${escapeHtml(invoice.created.slice(0, 10))}</td><td>${dollars(invoice.amount_due)}</td><td>${invoice.status}</td><td><a href="${escapeHtml(input.invoiceUrl(invoice.id))}">View</a></td></tr>`,
    )
    .join('');
  return page(
    'Manage payment methods',
    `<h1>Manage payment methods</h1>
<p>${escapeHtml(input.customer.email)}</p>
<p>Card on file: ${input.customer.card ? `•••• ${escapeHtml(input.customer.card.last4)}` : 'none'}</p>
${input.saved ? '<p role="status">Your card has been updated.</p>' : ''}
${errorLine(input.error)}
<h2>Replace card</h2>
<form method="post" action="${escapeHtml(input.action)}">
${cardFields()}
<button type="submit">Save card</button>
</form>
<h2>Invoices</h2>
<table><thead><tr><th>Date</th><th>Amount</th><th>Status</th><th>Invoice</th></tr></thead><tbody>${rows}</tbody></table>
<a class="button secondary" href="${escapeHtml(input.returnUrl)}">Return to Outpilot</a>
${testCardNote}`,
  );
}

export function renderInvoicePage(invoice: SandboxInvoice): string {
  return page(
    `Invoice ${invoice.id}`,
    `<h1>Invoice</h1>
<table><tbody>
<tr><th>Number</th><td>${escapeHtml(invoice.id)}</td></tr>
<tr><th>Date</th><td>${escapeHtml(invoice.created.slice(0, 10))}</td></tr>
<tr><th>Description</th><td>${escapeHtml(invoice.description)}</td></tr>
<tr><th>Amount</th><td>${dollars(invoice.amount_due)}</td></tr>
<tr><th>Status</th><td>${invoice.status}</td></tr>
</tbody></table>`,
  );
}

export function renderGonePage(): string {
  return page('Page expired', '<h1>This page has expired</h1><p>Open it again from Outpilot.</p>');
}
