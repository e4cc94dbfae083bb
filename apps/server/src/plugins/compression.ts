import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { csvFileResponse } from '../routes/csv-download.ts';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const compressionThresholdBytes = 1024;

/**
 * A CSV download streams rows as the database yields them, paced by the client (with an idle
 * timeout); a compressor in between would buffer and blur both, so these answers stay identity.
 */
function isCsvDownload(route: RouteOptions): boolean {
  const schema = route.schema as
    | { produces?: readonly string[]; response?: Record<string, unknown> }
    | undefined;
  return schema?.response?.[200] === csvFileResponse || (schema?.produces?.includes('text/csv') ?? false);
}

/**
 * Compresses answers above the threshold (brotli, else gzip) for clients that accept it. Must be
 * registered before the routes it covers. The built web app's files are compressed at build time
 * (apps/web/precompress.ts) and sent as they are: an answer that already has a Content-Encoding is
 * left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (isCsvDownload(route)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: compressionThresholdBytes,
    encodings: ['br', 'gzip'],
  });
}
