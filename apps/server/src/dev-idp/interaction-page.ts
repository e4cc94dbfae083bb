import { escapeHtml } from '../escape-html.ts';

/** The development sign-in form (no password: any e-mail signs in). */
export function renderSignInPage(input: {
  action: string;
  email?: string;
  name?: string;
  error?: string;
}): string {
  const error = input.error ? `<p role="alert" class="error">${escapeHtml(input.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outpilot development sign-in</title>
<style>
body { font-family: system-ui, sans-serif; background: #f4f6f8; display: flex; justify-content: center; padding-top: 10vh; }
main { background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); width: 22rem; }
label { display: block; margin-top: 1rem; font-size: .9rem; }
input { display: block; width: 100%; box-sizing: border-box; padding: .5rem; margin-top: .25rem; font-size: 1rem; }
button { margin-top: 1.5rem; width: 100%; padding: .6rem; font-size: 1rem; background: #1565c0; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
.error { color: #c62828; }
.note { color: #555; font-size: .85rem; }
</style>
</head>
<body>
<main>
<h1>Outpilot development sign-in</h1>
<p class="note">Development identity provider: any e-mail address signs in, no password needed.</p>
${error}
<form method="post" action="${escapeHtml(input.action)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required autocomplete="email" autofocus value="${escapeHtml(input.email ?? '')}">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="100" value="${escapeHtml(input.name ?? '')}">
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`;
}

export function renderExpiredPage(homeUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outpilot development sign-in</title></head>
<body><h1>Outpilot development sign-in</h1><p>This sign-in request has expired.</p>
<p><a href="${escapeHtml(homeUrl)}">Back to Outpilot</a></p></body></html>
`;
}
