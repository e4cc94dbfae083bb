import type { ApiClient } from '../api-client.ts';

/** The API calls the host makes; an ApiClient in production, anything shaped like it in tests. */
export type ProductApi = Pick<
  ApiClient,
  | 'signInUrl'
  | 'exchangeCode'
  | 'refresh'
  | 'signOut'
  | 'getProfile'
  | 'signInAsMember'
  | 'stopMemberSession'
  | 'postLog'
>;
