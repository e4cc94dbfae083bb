import { type ClientConfig, sandboxPaths } from '@outpilot/contracts';
import { profileLinkUrl } from '@outpilot/domain';

/**
 * The public profile page of a network member. On LinkedIn: linkedin.com/in/{id}/; in sandbox mode
 * the simulated network's page of the member at {sandbox}/in/{id}.
 */
export function publicProfileUrl(config: ClientConfig, publicIdentifier: string): string {
  if (config.network === 'sandbox' && config.sandboxBaseUrl !== null) {
    return `${config.sandboxBaseUrl.replace(/\/+$/, '')}${sandboxPaths.profilePage(publicIdentifier)}`;
  }
  return profileLinkUrl({ publicIdentifier });
}
