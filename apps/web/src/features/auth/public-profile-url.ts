import { type ClientConfig, sandboxPaths } from '@outpilot/contracts';
import { profileLinkUrl } from '@outpilot/domain';

/**
 * The public profile page of a network member. On LinkedIn: linkedin.com/in/{id}/. The sandbox has no
 * profile pages, so its link opens the member's profile as the sandbox serves it.
 */
export function publicProfileUrl(config: ClientConfig, publicIdentifier: string): string {
  if (config.network === 'sandbox' && config.sandboxBaseUrl !== null) {
    return `${config.sandboxBaseUrl.replace(/\/+$/, '')}${sandboxPaths.profile(publicIdentifier)}`;
  }
  return profileLinkUrl({ publicIdentifier });
}
