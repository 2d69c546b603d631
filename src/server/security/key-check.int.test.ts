import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { crmConnections, encryptionKeyCheck, users } from '../db/schema';
import { createLogger } from '../logger';
import { startRuntime } from '../runtime';
import { createTestDatabase } from '../test/test-database';
import { testConfig } from '../test/test-app';
import { checkEncryptionKey } from './key-check';
import { SecretBox } from './secret-box';

const firstKey = 'aa'.repeat(32);
const otherKey = 'bb'.repeat(32);
const withKey = (ENCRYPTION_KEY: string) => ({ config: testConfig({ ENCRYPTION_KEY }), secrets: SecretBox.fromKey(Buffer.from(ENCRYPTION_KEY, 'hex')) });

describe('the encryption key check at start-up', () => {
  let database: Database;
  const databases: Database[] = [];
  beforeEach(async () => {
    database = await createTestDatabase();
    databases.push(database);
  });
  // catch: a runtime that refused to start closed its database already.
  afterAll(() => Promise.all(databases.map((d) => d.close().catch(() => undefined))));

  const check = ({ config, secrets }: ReturnType<typeof withKey>) => checkEncryptionKey(database.db, secrets, config);

  it('remembers the first start’s key and refuses another one, naming where it came from', async () => {
    await check(withKey(firstKey));
    await check(withKey(firstKey));
    await expect(check(withKey(otherKey))).rejects.toThrow(/^ENCRYPTION_KEY is not the key this database's secrets were sealed with.*Set ENCRYPTION_KEY, or KEY_FILE, to that key/);
    const fromFile = { config: testConfig({ KEY_FILE: '/run/secrets/datacleaner.key' }), secrets: withKey(otherKey).secrets };
    await expect(check(fromFile)).rejects.toThrow(/^The key in KEY_FILE \(\/run\/secrets\/datacleaner.key\) is not the key/);
    expect(await database.db.select().from(encryptionKeyCheck)).toHaveLength(1);
  });

  it('tries a database from before the check against a token it holds, and records the key only when it opens it', async () => {
    const [user] = await database.db.insert(users).values({ username: 'ada@example.com', email: 'ada@example.com' }).returning();
    await database.db.insert(crmConnections).values({ userId: user!.id, accessToken: withKey(firstKey).secrets.seal('hubspot token') });
    await expect(check(withKey(otherKey))).rejects.toThrow(/not the key this database's secrets were sealed with/);
    expect(await database.db.select().from(encryptionKeyCheck)).toEqual([]);
    await check(withKey(firstKey));
    await expect(check(withKey(otherKey))).rejects.toThrow(/not the key/);
  });

  it('stops a web or worker process from starting with another key, before any job runs', async () => {
    await check(withKey(firstKey));
    const { config } = withKey(otherKey);
    await expect(startRuntime(config, createLogger(config), { work: true, database })).rejects.toThrow(/^ENCRYPTION_KEY is not the key/);
  });
});
