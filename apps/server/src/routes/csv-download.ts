import { z } from 'zod';

/** A file answer: not serialised, the body is the CSV text (UTF-8 with BOM), often a stream. */
export const csvFileSchema = z.unknown().describe('A CSV file (UTF-8 with BOM), downloaded as an attachment');

/** 'attachment; filename="…"' with an RFC 5987 copy for non-ASCII names. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
