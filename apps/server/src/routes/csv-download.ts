import { csvMediaType } from '@outpilot/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * A file answer: its body is the CSV text (UTF-8 with BOM), often a stream, never serialised;
 * described by its own media type so the route's errors stay JSON in the OpenAPI document.
 */
export const csvFileResponse = {
  description: 'A CSV file (UTF-8 with BOM), downloaded as an attachment',
  // unknown: the body may be a stream; the document shows it as a string (api-docs.ts).
  content: { 'text/csv': { schema: z.unknown() } },
};

/** 'attachment; filename="…"' with an RFC 5987 copy for non-ASCII names. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends a CSV file (text or stream) as a download named fileName. */
export function sendCsvFile(reply: FastifyReply, fileName: string, file: unknown): FastifyReply {
  return reply.type(csvMediaType).header('content-disposition', attachment(fileName)).send(file);
}
