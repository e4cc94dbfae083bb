import { devMailboxPath } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/create-database.ts';
import { escapeHtml } from '../escape-html.ts';
import { listOutbox, type OutboxMail } from './mail-port.ts';

/** The plain-text part, escaped, with its web addresses made links (the invitation link). */
const linkified = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function renderMail(mail: OutboxMail): string {
  return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To <span class="to">${escapeHtml(mail.to)}</span>, ${escapeHtml(mail.sentAt.toISOString())}</p>
<pre>${linkified(mail.text)}</pre>
</article>`;
}

/** The development page of the embedded mail outbox: the newest 50 e-mails, newest first. */
export function registerDevMailbox(app: FastifyInstance, db: Database): void {
  app.get(devMailboxPath, { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listOutbox(db);
    const body = mails.length ? mails.map(renderMail).join('\n') : '<p>No e-mail has been sent yet.</p>';
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outpilot development mailbox</title>
<style>
body { font-family: system-ui, sans-serif; background: #f4f6f8; margin: 0; padding: 1rem; }
main { max-width: 48rem; margin: 0 auto; }
article { background: #fff; padding: 1rem 1.5rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); margin-bottom: 1rem; }
h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
.meta { color: #555; font-size: .85rem; margin: 0 0 .75rem; }
pre { white-space: pre-wrap; word-break: break-word; font-family: inherit; margin: 0; }
</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>E-mail the server sent in embedded mode (no SMTP_URL set), newest first.</p>
${body}
</main>
</body>
</html>
`);
  });
}
