import { writeSync } from 'node:fs';
import { buildServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/create-database.ts';

/**
 * Test support, run as a child process by server-killed-while-importing.test.ts: the server (on
 * the DATA_DIR or DATABASE_URL of its environment). It prints "listening" when it takes requests,
 * and "storing contacts" when a contact file's transaction, its import list already written, runs
 * its first statement of contact writes: the moment the test SIGKILLs the whole server, so the
 * kill lands while the file is half stored.
 */
const app = await buildServer(loadConfig(process.env));
let filesBeingImported = 0;
app.server.on('request', (request, response) => {
  if (request.method !== 'POST' || !request.url?.startsWith('/api/v1/imports/csv')) return;
  filesBeingImported += 1;
  response.on('close', () => {
    filesBeingImported -= 1;
  });
});

// Only the import writes contacts through `execute` (a `set local`, then COPY) after its list insert.
const transaction = app.db.transaction.bind(app.db);
app.db.transaction = ((work, config) =>
  transaction((tx) => {
    if (filesBeingImported > 0) {
      const execute = tx.execute.bind(tx);
      let reported = false;
      tx.execute = ((query) => {
        if (!reported) writeSync(1, 'storing contacts\n');
        reported = true;
        return execute(query);
      }) as typeof tx.execute;
    }
    return work(tx);
  }, config)) as Database['transaction'];

await app.listen({ port: app.config.port, host: '127.0.0.1' });
writeSync(1, 'listening\n');
