/** One member of the simulated network, with the hidden traits the simulator uses later. */
export type Person = {
  index: number;
  entityId: string;
  publicIdentifier: string;
  memberId: number;
  firstName: string;
  lastName: string;
  title: string;
  company: string;
  headline: string;
  industry: string;
  location: { city: string; region: string; country: string };
  school: string;
  /** Search-filter ids (search-facets.ts): the city's and the country's geoUrn, company, industry, school. */
  geoUrns: readonly string[];
  companyId: string;
  industryId: string;
  schoolId: string;
  /** Ids of the seeded groups the member belongs to and events they attend (communities.ts). */
  groupIds: readonly string[];
  eventIds: readonly string[];
  skills: readonly string[];
  /** Ids of recent posts (urn:li:activity:<id>); empty for about a third of people. */
  postIds: readonly string[];
  isPremium: boolean;
  hasSalesNavigator: boolean;
  /** False for the ~3% shown to others as "LinkedIn Member". */
  isVisible: boolean;
  hasPicture: boolean;
  /** Hidden traits for later behaviour (acceptance and reply probability, local time). */
  acceptBias: number;
  replyBias: number;
  timezoneOffsetMinutes: number;
};
