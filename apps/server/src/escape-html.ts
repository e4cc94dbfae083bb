/** Escapes text for HTML the server renders itself (development pages, sandbox pages, e-mails). */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
