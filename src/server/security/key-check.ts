import { isNotNull, or } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { crmConnections, encryptionKeyCheck, userSettings } from '../db/schema';
import type { SecretBox } from './secret-box';

/** Any fixed text: what matters is whether the key opens it. */
const CHECK_TEXT = 'DataCleaner encryption key check';

/**
 * Stops the start when the key is not the one this database's secrets were sealed with, which
 * would otherwise surface later as every HubSpot, Slack and OpenAI token failing to open. The
 * first start seals a fixed text with its key; a database from before the check is first
 * tried against one token it already holds.
 */
export async function checkEncryptionKey(db: Db, secrets: SecretBox, config: Config): Promise<void> {
  let [check] = await db.select().from(encryptionKeyCheck);
  if (!check) {
    const stored = await storedSecret(db);
    if (stored === undefined || opens(secrets, stored)) await db.insert(encryptionKeyCheck).values({ sealed: secrets.seal(CHECK_TEXT) }).onConflictDoNothing();
    // Re-read: a process starting at the same time may have written it first.
    [check] = await db.select().from(encryptionKeyCheck);
  }
  if (check && opens(secrets, check.sealed, CHECK_TEXT)) return;
  const source = config.ENCRYPTION_KEY ? 'ENCRYPTION_KEY' : `The key in KEY_FILE (${config.keyFile})`;
  throw new Error(
    `${source} is not the key this database's secrets were sealed with, so its HubSpot, Slack and OpenAI tokens could not be read. ` +
      'Set ENCRYPTION_KEY, or KEY_FILE, to that key and start again.',
  );
}

function opens(secrets: SecretBox, sealed: string, expected?: string): boolean {
  try {
    const plaintext = secrets.open(sealed);
    return expected === undefined || plaintext === expected;
  } catch {
    return false;
  }
}

/** One secret the database already holds, if any: a CRM connection's token or a user's. */
async function storedSecret(db: Db): Promise<string | undefined> {
  const [connection] = await db.select({ sealed: crmConnections.accessToken }).from(crmConnections).where(isNotNull(crmConnections.accessToken)).limit(1);
  if (connection?.sealed) return connection.sealed;
  const { hubspotToken, slackBotToken, openaiApiKey } = userSettings;
  const [settings] = await db
    .select({ hubspotToken, slackBotToken, openaiApiKey })
    .from(userSettings)
    .where(or(isNotNull(hubspotToken), isNotNull(slackBotToken), isNotNull(openaiApiKey)))
    .limit(1);
  return settings ? (settings.hubspotToken ?? settings.slackBotToken ?? settings.openaiApiKey ?? undefined) : undefined;
}
