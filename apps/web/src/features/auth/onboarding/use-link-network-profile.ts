import {
  type LinkNetworkProfileRequest,
  type NetworkProfile,
  networkAccountEndpoints,
} from '@outpilot/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';

export function toLinkRequest(profile: NetworkProfile): LinkNetworkProfileRequest {
  return {
    entityId: profile.entityId,
    publicIdentifier: profile.publicIdentifier,
    givenName: profile.firstName,
    familyName: profile.lastName,
    picture: profile.picture,
  };
}

/** POST network-profiles: links the captured network profile; answers the updated app profile. */
export function useLinkNetworkProfile() {
  const api = useApi();
  return useMutation({
    mutationFn: (profile: NetworkProfile) =>
      api.call(networkAccountEndpoints.link, { body: toLinkRequest(profile) }),
  });
}
