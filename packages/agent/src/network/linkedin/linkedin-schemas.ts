import { z } from 'zod';

/**
 * The parts of LinkedIn's answers the adapter reads (reference §1). Anything else may change
 * freely; a missing field the adapter needs makes the answer "unexpected" (BadGateway).
 */

const text = z.object({ text: z.string() });
const vectorImage = z
  .object({
    rootUrl: z.string(),
    artifacts: z.array(z.object({ width: z.number(), fileIdentifyingUrlPathSegment: z.string() })),
  })
  .optional();

/** A normalized (+json+2.1) body: references in data, entities in included[] tagged with $type. */
export const normalizedSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  included: z.array(z.object({ $type: z.string() }).loose()),
});
export type Normalized = z.infer<typeof normalizedSchema>;

export const types = {
  miniProfile: 'com.linkedin.voyager.identity.shared.MiniProfile',
  profile: 'com.linkedin.voyager.dash.identity.profile.Profile',
  memberRelationship: 'com.linkedin.voyager.dash.relationships.MemberRelationship',
  position: 'com.linkedin.voyager.dash.identity.profile.Position',
  education: 'com.linkedin.voyager.dash.identity.profile.Education',
  geo: 'com.linkedin.voyager.dash.common.Geo',
  industry: 'com.linkedin.voyager.dash.common.Industry',
  followingState: 'com.linkedin.voyager.dash.feed.FollowingState',
  invitation: 'com.linkedin.voyager.relationships.invitation.Invitation',
  connection: 'com.linkedin.voyager.dash.relationships.Connection',
} as const;

export const meDataSchema = z.object({ '*miniProfile': z.string(), premiumSubscriber: z.boolean() });

export const miniProfileSchema = z.object({
  entityUrn: z.string(),
  dashEntityUrn: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  occupation: z.string().default(''),
  publicIdentifier: z.string(),
  picture: z.object({ 'com.linkedin.common.VectorImage': vectorImage }).optional(),
});

export const profileSchema = z.object({
  entityUrn: z.string(),
  publicIdentifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  headline: z.string().default(''),
  summary: z.string().nullish(),
  premium: z.boolean().default(false),
  '*memberRelationship': z.string().optional(),
  '*industry': z.string().optional(),
  geoLocation: z.object({ '*geo': z.string() }).optional(),
  profilePicture: z.object({ displayImageReference: z.object({ vectorImage }).optional() }).optional(),
});

export const memberRelationshipSchema = z.object({
  entityUrn: z.string(),
  memberRelationshipUnion: z.union([
    z.object({ self: z.unknown() }),
    z.object({ connection: z.unknown() }),
    z.object({
      noConnection: z.object({
        memberDistance: z.enum(['DISTANCE_2', 'DISTANCE_3', 'OUT_OF_NETWORK']),
        invitationUnion: z
          .object({ invitation: z.object({ entityUrn: z.string(), invitationState: z.string() }) })
          .optional(),
      }),
    }),
  ]),
});

export const positionSchema = z.object({
  title: z.string(),
  companyName: z.string(),
  dateRange: z.object({ start: z.object({ year: z.number(), month: z.number().optional() }) }).optional(),
});
export const educationSchema = z.object({ schoolName: z.string() });
export const namedSchema = z.object({
  entityUrn: z.string(),
  defaultLocalizedName: z.string().optional(),
  name: z.string().optional(),
});
export const followingStateSchema = z.object({ entityUrn: z.string(), following: z.boolean() });

export const searchClustersSchema = z.object({
  data: z.object({
    searchDashClustersByAll: z.object({
      paging: z.object({ start: z.number(), count: z.number(), total: z.number() }),
      elements: z.array(
        z.object({
          items: z.array(
            z.object({
              item: z.object({
                entityResult: z
                  .object({
                    entityUrn: z.string(),
                    title: text,
                    primarySubtitle: text.nullish(),
                    secondarySubtitle: text.nullish(),
                    navigationUrl: z.string(),
                    entityCustomTrackingInfo: z.object({ memberDistance: z.string() }).optional(),
                  })
                  .nullish(),
              }),
            }),
          ),
        }),
      ),
    }),
  }),
});

export const leadSearchSchema = z.object({
  paging: z.object({ start: z.number(), count: z.number(), total: z.number() }),
  elements: z.array(
    z.object({
      entityUrn: z.string(),
      // A private "LinkedIn Member" row has a fullName and no first or last name.
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      fullName: z.string().optional(),
      degree: z.number().optional(),
      geoRegion: z.string().default(''),
      premium: z.boolean().default(false),
      currentPositions: z.array(z.object({ companyName: z.string(), title: z.string() })).default([]),
    }),
  ),
});
/** salesApiProfiles?ids=List(…): REST.li 2.0 batch get; keys it cannot answer are left out of results. */
export const salesProfilesSchema = z.object({
  results: z.record(z.string(), z.object({ entityUrn: z.string(), flagshipProfileUrl: z.string() })),
});

export const invitationCreatedSchema = z.object({
  data: z.object({ value: z.object({ invitationUrn: z.string() }) }),
});

export const sentInvitationSchema = z.object({
  entityUrn: z.string(),
  sentTime: z.number(),
  customMessage: z.boolean(),
  message: z.string().nullish(),
  '*toMember': z.string(),
});

export const connectionSchema = z.object({
  entityUrn: z.string(),
  createdAt: z.number(),
  '*connectedMemberResolutionResult': z.string(),
});

const participantSchema = z.object({
  hostIdentityUrn: z.string(),
  participantType: z.object({
    member: z
      .object({
        firstName: text,
        lastName: text,
        headline: text.optional(),
        profileUrl: z.string().optional(),
        distance: z.string().optional(),
      })
      .optional(),
  }),
});
export const conversationsSchema = z.object({
  data: z.object({
    messengerConversationsByCategoryQuery: z.object({
      elements: z.array(
        z.object({
          entityUrn: z.string(),
          lastActivityAt: z.number(),
          lastUpdatedAt: z.number().optional(),
          unreadCount: z.number().default(0),
          categories: z.array(z.string()).optional(),
          conversationParticipants: z.array(participantSchema),
        }),
      ),
      metadata: z.object({ nextCursor: z.string().nullish() }).optional(),
    }),
  }),
});

/**
 * One entry of a message's renderContent: a union keyed by kind. The kinds the inbox shows are
 * read strictly (a file without its url is an unexpected answer); any other kind (forwarded or
 * replied-to message, a host's card) is kept as unknown and left out.
 */
const renderContentSchema = z.union([
  z.object({
    file: z.object({ url: z.string(), name: z.string(), byteSize: z.number(), mediaType: z.string() }),
  }),
  z.object({
    vectorImage: z.object({
      rootUrl: z.string(),
      artifacts: z
        .array(z.object({ width: z.number(), fileIdentifyingUrlPathSegment: z.string() }))
        .default([]),
    }),
  }),
  z.object({ audio: z.object({ url: z.string(), duration: z.number() }) }),
  z.object({
    externalMedia: z.object({ title: z.string().default(''), media: z.object({ url: z.string() }) }),
  }),
  z.object({ videoMeeting: z.object({ meetingName: z.string().default('') }).loose() }),
  z
    .record(z.string(), z.unknown())
    .refine(
      (entry) =>
        !['file', 'vectorImage', 'audio', 'externalMedia', 'videoMeeting'].some((kind) => kind in entry),
    ),
]);
export type RenderContentEntry = z.infer<typeof renderContentSchema>;

export const messagesSchema = z.object({
  data: z.object({
    messengerMessagesBySyncToken: z.object({
      elements: z.array(
        z.object({
          entityUrn: z.string(),
          deliveredAt: z.number(),
          body: text,
          subject: z.string().nullish(),
          sender: z.object({ hostIdentityUrn: z.string() }),
          // DEFAULT, EDITED, RECALLED or SYSTEM; a format added later reads as DEFAULT.
          messageBodyRenderFormat: z.string().default('DEFAULT'),
          renderContent: z.array(renderContentSchema).default([]),
          reactionSummaries: z
            .array(
              z.object({ emoji: z.string(), count: z.number(), viewerReacted: z.boolean().default(false) }),
            )
            .default([]),
          lastUpdatedAt: z.number().nullish(),
        }),
      ),
    }),
  }),
});
export const messageCreatedSchema = z.object({
  value: z.object({ entityUrn: z.string(), conversationUrn: z.string() }),
});

export const postsSchema = z.object({
  elements: z.array(
    z.object({
      updateMetadata: z.object({ urn: z.string() }),
      commentary: z.object({ text }).nullish(),
      createdAt: z.number(),
    }),
  ),
});

export const skillsSchema = z.object({
  elements: z.array(
    z.object({
      entityUrn: z.string(),
      name: z.string(),
      endorsementCount: z.number().default(0),
      endorsedByViewer: z.boolean().default(false),
    }),
  ),
});

export const contactInfoSchema = z.object({
  emailAddress: z.string().nullish(),
  websites: z.array(z.object({ url: z.string() })).default([]),
});
