import { importNameMaxLength, importNameTooLongMessage } from '@outpilot/contracts';
import { z } from 'zod';
import { defaultRecentImportsTake, maxRecentImportsTake } from './list-recent-imports.ts';

/**
 * Server-side schemas of calls the contracts do not name yet (to move into
 * packages/contracts/src/imports.ts): the CSV upload and the recent list's size.
 */
export const importCsvPath = '/imports/csv';

export const importCsvQuerySchema = z.object({
  /** The list's name; default: the file's name without extension. */
  name: z.string().trim().max(importNameMaxLength, { error: importNameTooLongMessage }).optional(),
  /** The uploaded file's name, for the default list name. */
  file_name: z.string().max(255).optional(),
});
export type ImportCsvQuery = z.infer<typeof importCsvQuerySchema>;

export const recentImportsQuerySchema = z.object({
  $take: z.coerce
    .number({ error: '$take must be a whole number' })
    .int({ error: '$take must be a whole number' })
    .min(1, { error: '$take must be at least 1' })
    .max(maxRecentImportsTake, { error: `$take must be at most ${maxRecentImportsTake}` })
    .default(defaultRecentImportsTake),
});
