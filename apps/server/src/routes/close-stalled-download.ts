import type { FastifyReply } from 'fastify';

/**
 * A streamed download holds a database connection (the export's COPY or cursor) for as long as
 * its client keeps reading, held back by back-pressure. A client that stops reading but keeps its
 * socket open would hold it forever (on PGlite, the only connection): once nothing has gone out
 * for `idleMs`, the socket is closed, which ends the stream and gives the connection back. Any
 * byte written restarts the wait, so a slow reader is not cut off. The wait ends with the response.
 */
export function closeStalledDownload(reply: FastifyReply, idleMs: number): void {
  const socket = reply.raw.socket;
  if (!socket) return;
  const onIdle = () => socket.destroy();
  socket.setTimeout(idleMs);
  socket.on('timeout', onIdle);
  reply.raw.once('close', () => {
    socket.off('timeout', onIdle);
    socket.setTimeout(0);
  });
}
