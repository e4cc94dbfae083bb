import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/create-database.ts';
import {
  createAccount,
  createContacts,
  getContactsPage,
  issueTestSession,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

describe.each(testBackends())(
  'migration 0016 (out-of-network people are 3rd+) on $name',
  ({ databaseUrl }) => {
    const server = testServerForSuite(databaseUrl);

    it("gives network contacts stored without a degree distance 3, so the '3rd+' filter finds them", async () => {
      const account = await createAccount(server.db);
      const [fromNetwork, fromFile, second] = await createContacts(server.db, account.personaId, [
        { linkedinEntityId: 'ACoAAOutOfNetwork', distance: null },
        { linkedinEntityId: null, distance: null },
        { linkedinEntityId: 'ACoAASecond', distance: 2 },
      ]);
      const migration = await readFile(
        path.join(migrationsFolder, '0016_out_of_network_distance.sql'),
        'utf8',
      );
      await server.db.execute(sql.raw(migration));

      const { accessToken } = await issueTestSession(server.app, account);
      const thirdPlus = await getContactsPage(server.url, accessToken, { $filter: 'distance in (3)' });
      expect(thirdPlus.documents.map((document) => document.id)).toEqual([fromNetwork?.id]);
      const all = await getContactsPage(server.url, accessToken, { $take: '10' });
      const distanceOf = (id: string | undefined) =>
        all.documents.find((document) => document.id === id)?.distance;
      // A contact file says nothing about the degree: left unknown. A known degree is kept.
      expect(distanceOf(fromFile?.id)).toBeNull();
      expect(distanceOf(second?.id)).toBe(2);
    });
  },
);
