import { z } from 'zod';

export const connectionDegreeSchema = z.enum(['FIRST', 'SECOND', 'THIRD', 'OUT_OF_NETWORK', 'SELF']);
export type ConnectionDegree = z.infer<typeof connectionDegreeSchema>;

/** A member of the professional network as the NetworkClient port returns it. */
export const networkProfileSchema = z.object({
  /** The member's stable id (the ACoAA… part of urn:li:fsd_profile:…). */
  entityId: z.string(),
  publicIdentifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  headline: z.string(),
  picture: z.string().nullable(),
  location: z.string(),
  company: z.string().nullable(),
  degree: connectionDegreeSchema,
  isPremium: z.boolean(),
  hasSalesNavigator: z.boolean(),
});
export type NetworkProfile = z.infer<typeof networkProfileSchema>;

/** The network profile linked to an app profile (seed 000 §3 "App profile"). */
export const linkedNetworkProfileSchema = z.object({
  entityId: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  picture: z.string().nullable(),
  publicIdentifier: z.string(),
});
export type LinkedNetworkProfile = z.infer<typeof linkedNetworkProfileSchema>;
