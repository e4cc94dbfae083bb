import { z } from 'zod';
import {
  contactDistanceSchema,
  contactLongTextMaxLength,
  contactTextMaxLength,
  contactUrlMaxLength,
  publicIdentifierMaxLength,
} from './contacts.ts';
import { defineEndpoint } from './endpoint.ts';
import {
  type ImportRunState,
  importNameMaxLength,
  importNameTooLongMessage,
  importSourceUriMaxLength,
  importTotalMax,
} from './import-runs.ts';
import { wholeNumber } from './wire-values.ts';

/**
 * Import lists and the import wizard of seed 002 §2.4, §5, §7.1. The web app starts an import
 * through the bridge; the agent (extension or in-page) walks the source on the network and
 * uploads what it finds with the agent calls below. Wire names are snake_case like the contact
 * document; the run state the bridge reports keeps the spec's camelCase (§3 "Export state").
 */

export {
  type ImportRunPhase,
  type ImportRunState,
  importNameMaxLength,
  importNameTooLongMessage,
  importRunPhaseSchema,
  importRunPhases,
  importRunStateSchema,
  importSourceUriMaxLength,
  importTotalMax,
} from './import-runs.ts';

/** Paths under the main API base; `:id` is the import list id. */
export const importsPaths = {
  recent: '/imports/recent',
  one: '/imports/:id',
  /** Agent: open a new import list before uploading profiles. */
  create: '/imports',
  /** Agent: upload one batch of found profiles. */
  profiles: '/imports/:id/profiles',
  /** Agent: report the run's end (or a stop). */
  state: '/imports/:id/state',
  /** Web: upload a CSV file as the raw request body; the server imports it in one transaction. */
  csv: '/imports/csv',
} as const;

/** Profiles per upload call; the agent sends bigger finds in several batches. */
export const importProfilesBatchMax = 100;
/**
 * A running import without progress for this long is abandoned (its agent is gone): the server no
 * longer lets it block a file upload, and an agent that comes back ends it as stopped instead of
 * resuming it. A live run makes progress well within it: every page, and a page's retries wait
 * at most 4 × 5 minutes (a throttle asking for longer fails the run).
 */
export const importStaleAfterMs = 30 * 60_000;

// ---------------------------------------------------------------------------------------------
// Sources (§2.4 step 1)

export const importSourceTypes = [
  'network_search',
  'event_attendees',
  'group_members',
  'recruiter_search',
  'sales_navigator_search',
  'profile_urls',
  'csv_file',
] as const;
export const importSourceTypeSchema = z.enum(importSourceTypes);
export type ImportSourceType = z.infer<typeof importSourceTypeSchema>;

export type ImportSourceCard = {
  title: string;
  /** What the second step asks for. */
  input: 'url' | 'text' | 'file';
  isComingSoon: boolean;
  needsPro: boolean;
  /** Disabled with 'Please, sign in at LinkedIn as … to proceed.' when not signed in. */
  needsNetworkSignIn: boolean;
};

/**
 * The source cards in the order the wizard shows them. Every live source but the CSV file reads
 * the network; a CSV file is read and stored by the server (docs/decisions.md), so it needs no
 * network sign-in.
 */
export const importSourceCards: Readonly<Record<ImportSourceType, ImportSourceCard>> = {
  network_search: {
    title: 'Basic network search',
    input: 'url',
    isComingSoon: false,
    needsPro: false,
    needsNetworkSignIn: true,
  },
  event_attendees: {
    title: 'Event attendees',
    input: 'url',
    isComingSoon: false,
    needsPro: false,
    needsNetworkSignIn: true,
  },
  group_members: {
    title: 'Group members',
    input: 'url',
    isComingSoon: false,
    needsPro: false,
    needsNetworkSignIn: true,
  },
  recruiter_search: {
    title: 'Recruiter search',
    input: 'url',
    isComingSoon: true,
    needsPro: false,
    needsNetworkSignIn: true,
  },
  sales_navigator_search: {
    title: 'Sales Navigator search',
    input: 'url',
    isComingSoon: false,
    needsPro: true,
    needsNetworkSignIn: true,
  },
  profile_urls: {
    title: 'Upload profile URLs',
    input: 'text',
    isComingSoon: false,
    needsPro: false,
    needsNetworkSignIn: true,
  },
  csv_file: {
    title: 'Upload customized profiles',
    input: 'file',
    isComingSoon: false,
    needsPro: false,
    needsNetworkSignIn: false,
  },
};

// ---------------------------------------------------------------------------------------------
// Import list: GET imports/{id}, GET imports/recent, PUT imports/{id}

export const importStates = ['running', 'completed', 'failed', 'stopped'] as const;
export const importStateSchema = z.enum(importStates);
export type ImportState = z.infer<typeof importStateSchema>;

const count = wholeNumber().nonnegative();

export const importListSchema = z.object({
  id: z.uuid(),
  name: z.string().max(importNameMaxLength),
  /** The origin link shown on the import list page; null for pasted URLs and files. */
  source_uri: z.string().max(importSourceUriMaxLength).nullable(),
  source_type: importSourceTypeSchema,
  created: z.iso.datetime({ offset: true }),
  state: importStateSchema,
  processed: count,
  total: count,
  uploaded_count: count,
  skipped_count: count,
});
export type ImportList = z.infer<typeof importListSchema>;

export const recentImportsAnswerSchema = z.object({ documents: z.array(importListSchema).max(100) });
export type RecentImportsAnswer = z.infer<typeof recentImportsAnswerSchema>;

export const importNameRequiredMessage = 'Name is required';
const importNameSchema = z
  .string()
  .trim()
  .min(1, { error: importNameRequiredMessage })
  .max(importNameMaxLength, { error: importNameTooLongMessage });

export const renameImportRequestSchema = z.object({ name: importNameSchema });
export type RenameImportRequest = z.infer<typeof renameImportRequestSchema>;

export const importIdParamsSchema = z.object({ id: z.uuid() });
export type ImportIdParams = z.infer<typeof importIdParamsSchema>;

// ---------------------------------------------------------------------------------------------
// Agent → server: POST imports, POST imports/{id}/profiles, PUT imports/{id}/state

export const createImportRequestSchema = z.object({
  source_type: importSourceTypeSchema,
  source_uri: z.string().max(importSourceUriMaxLength).nullable(),
  name: importNameSchema,
  /** Profiles the source announced; progress is processed / total, capped at 100%. */
  total: count.max(importTotalMax),
  /**
   * The agent's run: opening a list again for the same run answers the list it opened (an agent
   * reloaded before it kept the list's id picks it up instead of leaving it running).
   */
  run_id: z.string().min(1).max(100).optional(),
});
export type CreateImportRequest = z.infer<typeof createImportRequestSchema>;
export const createImportAnswerSchema = importListSchema;

/**
 * A found profile's text is what the network shows: a NUL in it is dropped rather than refusing
 * the batch (the profile is still imported); a lone surrogate is refused like any other request's.
 */
const withoutNul = (value: string | null) =>
  typeof value === 'string' ? value.replaceAll('\u0000', '') : value;
const optionalText = z.preprocess(withoutNul, z.string().max(contactTextMaxLength).nullable()).default(null);
const optionalLongText = z
  .preprocess(withoutNul, z.string().max(contactLongTextMaxLength).nullable())
  .default(null);

/** One found profile. At least one of public identifier, entity id or sales lead id is needed. */
export const importProfileSchema = z
  .object({
    linkedin_public_identifier: z.string().min(1).max(publicIdentifierMaxLength).nullable().default(null),
    linkedin_entity_id: z.string().min(1).max(100).nullable().default(null),
    sales_lead_id: z.string().min(1).max(200).nullable().default(null),
    first_name: optionalText,
    last_name: optionalText,
    full_name: optionalText,
    /** Headline, or the file's Position Title. */
    occupation: optionalLongText,
    /** Location, or the file's Country. */
    location: optionalText,
    /** Current company, or the file's Company Name. */
    company: optionalText,
    picture_url: z.string().max(contactUrlMaxLength).nullable().default(null),
    distance: contactDistanceSchema.default(null),
    is_premium: z.boolean().default(false),
    custom_field_1: optionalLongText,
    custom_field_2: optionalLongText,
    custom_field_3: optionalLongText,
  })
  .refine(
    (profile) =>
      profile.linkedin_public_identifier !== null ||
      profile.linkedin_entity_id !== null ||
      profile.sales_lead_id !== null,
    { error: 'A profile needs a public identifier, an entity id or a sales lead id' },
  );
export type ImportProfile = z.infer<typeof importProfileSchema>;
export type ImportProfileInput = z.input<typeof importProfileSchema>;

export const uploadImportProfilesRequestSchema = z.object({
  profiles: z.array(importProfileSchema).min(1).max(importProfilesBatchMax),
});
export type UploadImportProfilesRequest = z.infer<typeof uploadImportProfilesRequestSchema>;

/** Skipped: duplicates within the workspace and profiles that are invisible (§2.4). */
export const uploadImportProfilesAnswerSchema = z.object({ uploaded: count, skipped: count });
export type UploadImportProfilesAnswer = z.infer<typeof uploadImportProfilesAnswerSchema>;

/** The final states only: a list is running from its creation. */
export const updateImportStateRequestSchema = z.object({
  state: z.enum(['completed', 'failed', 'stopped']),
  /** For failed: the error name (BadGateway, NotAuthorized…) and its message. */
  error: z.object({ name: z.string().max(100), message: z.string().max(1000).optional() }).optional(),
  processed: count.optional(),
});
export type UpdateImportStateRequest = z.infer<typeof updateImportStateRequestSchema>;
export const updateImportStateAnswerSchema = importListSchema;

// ---------------------------------------------------------------------------------------------
// Bridge: the import run's state as the agent reports it to the web app (§3 "Export state")

/** A run blocks a new file upload until it is finished ('Finish the started export'). */
export function isImportRunFinished(state: Pick<ImportRunState, 'phase'> | null): boolean {
  return (
    state === null || state.phase === 'completed' || state.phase === 'failed' || state.phase === 'stopped'
  );
}

/** Progress bar value of 'Processed x / y', capped at 100 (§4). */
export function importProgressPercent(state: Pick<ImportRunState, 'processed' | 'total'>): number {
  if (state.total <= 0) return 0;
  return Math.min(100, Math.floor((state.processed / state.total) * 100));
}

// ---------------------------------------------------------------------------------------------
// Texts (§2.4, §5, §8), exactly as the spec quotes them; {n} and {name} are filled in by callers.

export const importTexts = {
  wizardTitle: 'Import Contacts',
  chooseSource: 'How do you want to import contacts?',
  processing: 'Processing',
  completed: 'Upload is completed',
  uploaded: '{n} profiles were uploaded',
  skipped: '{n} profiles are invisible or duplicates and were skipped.',
  wellDone: 'Well done!',
  profilesFound: '{n} profiles found',
  tryAnotherFile: 'Try with another file',
  downloadCsvExample: 'Download CSV example',
  invalidLink: 'Check your link and try again',
  salesNavigatorNotAuthorized:
    "This import requires active Sales Navigator subscription, looks like you don't have it.",
  unknownFailure: 'Something went wrong, please try again',
  invalidUrlNotValidated: 'Invalid url, appropriate isValid function was not called before',
  finishStartedExport: 'Finish the started export',
  noProfilesInFile: 'There are no LinkedIn profiles. Please, try another file.',
  fileReadError: 'There was a problem uploading your file. Please try again.',
  notOutpilotCsv: 'This file is not Outpilot csv file',
  signInAs: 'Please, sign in at LinkedIn as {name} to proceed.',
  upgradeToPro: 'Update to Pro',
  nameChanged: 'Contact name is changed',
} as const;

/** Export failure texts by error name (§8); any other name shows 'Export is failed'. */
export function importFailureText(errorName: string): string {
  if (errorName === 'BadGatewayError' || errorName === 'BadGateway') return 'Bad gateway';
  if (errorName === 'NotAuthorizedError' || errorName === 'NotAuthorized') return 'Not authorized';
  return 'Export is failed';
}

export const defaultRecentImportsTake = 10;
export const maxRecentImportsTake = 100;

/** GET imports/recent: how many of the newest lists. */
export const recentImportsQuerySchema = z.object({
  $take: z.coerce
    .number({ error: '$take must be a whole number' })
    .int({ error: '$take must be a whole number' })
    .min(1, { error: '$take must be at least 1' })
    .max(maxRecentImportsTake, { error: `$take must be at most ${maxRecentImportsTake}` })
    .default(defaultRecentImportsTake),
});

/** POST imports/csv query: the list's name, or the uploaded file's name to derive it from. */
export const importCsvQuerySchema = z.object({
  /** The list's name; default: the file's name without extension. */
  name: z.string().trim().max(importNameMaxLength, { error: importNameTooLongMessage }).optional(),
  file_name: z.string().max(255).optional(),
});
export type ImportCsvQuery = z.infer<typeof importCsvQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints (seed 002 §7.1): import lists and the agent's upload calls, scoped to the caller's workspace

const importsCall = {
  service: 'api',
  access: 'user',
  tags: ['imports'],
  errors: ['NotFound', 'UnprocessableEntity'],
} as const;
const agentImportsCall = { ...importsCall, access: 'runner' } as const;

/** Content types a browser or a script sends a .csv file with. */
export const csvUploadContentTypes = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
] as const;

export const importsEndpoints = {
  recent: defineEndpoint({
    ...importsCall,
    errors: ['UnprocessableEntity'],
    method: 'GET',
    path: importsPaths.recent,
    summary: "The workspace's latest import lists, newest first",
    query: recentImportsQuerySchema,
    answers: { 200: recentImportsAnswerSchema },
  }),
  get: defineEndpoint({
    ...importsCall,
    errors: ['UnprocessableEntity'],
    method: 'GET',
    path: importsPaths.one,
    summary: 'One import list; 204 when it does not exist or is not yours (the spec\'s "not found")',
    params: importIdParamsSchema,
    answers: { 200: importListSchema, 204: z.null().describe('No such import list') },
  }),
  rename: defineEndpoint({
    ...importsCall,
    method: 'PUT',
    path: importsPaths.one,
    summary: 'Rename an import list (1-50 characters)',
    params: importIdParamsSchema,
    body: renameImportRequestSchema,
    answers: { 200: importListSchema },
  }),
  create: defineEndpoint({
    ...agentImportsCall,
    errors: ['UnprocessableEntity'],
    method: 'POST',
    path: importsPaths.create,
    summary: 'Agent: open a running import list for a network import',
    body: createImportRequestSchema,
    answers: { 200: createImportAnswerSchema },
  }),
  uploadProfiles: defineEndpoint({
    ...agentImportsCall,
    method: 'POST',
    path: importsPaths.profiles,
    summary: 'Agent: upload up to 100 found profiles (upserted, never duplicated)',
    params: importIdParamsSchema,
    body: uploadImportProfilesRequestSchema,
    answers: { 200: uploadImportProfilesAnswerSchema },
  }),
  updateState: defineEndpoint({
    ...agentImportsCall,
    method: 'PUT',
    path: importsPaths.state,
    summary: 'Agent: finish a running import (completed, failed or stopped)',
    params: importIdParamsSchema,
    body: updateImportStateRequestSchema,
    answers: { 200: updateImportStateAnswerSchema },
  }),
  importCsv: defineEndpoint({
    ...importsCall,
    errors: ['PayloadTooLarge', 'UnprocessableEntity'],
    method: 'POST',
    path: importsPaths.csv,
    summary: 'Import a contact file (the raw .csv as the body, at most 50 MB) in one transaction',
    description:
      'Body: the file bytes with Content-Type text/csv (or text/plain, application/vnd.ms-excel, application/octet-stream). Encoding and delimiter are detected. Answers the completed import list.',
    upload: csvUploadContentTypes,
    query: importCsvQuerySchema,
    answers: { 200: importListSchema },
  }),
};
