import { appPathSchema } from '@outpilot/contracts';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { referrerStorageKey } from '../auth/use-sign-in.ts';

/** /referrer/:id keeps the referrer in local storage and goes to the `redirect` path (only an app path). */
export function ReferrerRedirect() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  if (id) window.localStorage.setItem(referrerStorageKey, id.slice(0, 200));
  const target = searchParams.get('redirect');
  return <Navigate to={target && appPathSchema.safeParse(target).success ? target : '/'} replace />;
}
