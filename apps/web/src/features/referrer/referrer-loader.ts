import { appPathSchema } from '@outpilot/contracts';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { referrerStorageKey } from '../auth/use-sign-in.ts';

/** /referrer/:id keeps the referrer in local storage and goes to the `redirect` path (only an app path). */
export function referrerLoader({ params, request }: LoaderFunctionArgs): Response {
  if (params.id) window.localStorage.setItem(referrerStorageKey, params.id.slice(0, 200));
  const target = new URL(request.url).searchParams.get('redirect');
  return redirect(target && appPathSchema.safeParse(target).success ? target : '/');
}
