import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

const VERSION = 'v1';

/** Encrypts secrets (CRM, Slack and OpenAI tokens) for the database with AES-256-GCM. */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromKey(key: Buffer): SecretBox {
    if (key.length !== 32) throw new Error('An encryption key must be 32 bytes');
    return new SecretBox(key);
  }

  /**
   * ENCRYPTION_KEY when set; otherwise the key in KEY_FILE, generated there on first use so
   * a fresh clone just works. A key an earlier version generated into DATA_DIR is moved to
   * KEY_FILE first, so the secrets it sealed still open. Production never generates one: a
   * missing KEY_FILE there is a secret that failed to mount, and a new key would leave every
   * stored token unreadable.
   */
  static async fromConfig(config: Config): Promise<SecretBox> {
    if (config.ENCRYPTION_KEY) return SecretBox.fromKey(parseKey(config.ENCRYPTION_KEY));
    const file = config.keyFile;
    // loadConfig refuses production without either; other callers always get a default.
    if (!file) throw new Error('Set ENCRYPTION_KEY or KEY_FILE');
    await moveLegacyKey(path.join(config.dataDir, 'encryption.key'), file);
    const existing = await readKeyFile(file);
    if (existing) return SecretBox.fromKey(existing);
    if (config.NODE_ENV === 'production') {
      throw new Error(
        `KEY_FILE ${file} does not exist. Production never generates a key, which would leave the tokens sealed with the old one unreadable: ` +
          'check that the file is mounted there, or create it with `openssl rand -hex 32`, or set ENCRYPTION_KEY.',
      );
    }
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const key = randomBytes(32);
    return SecretBox.fromKey((await writeKeyFile(file, key)) ? key : (await readKeyFile(file))!);
  }

  /** `v1:iv:tag:ciphertext`, each part base64url; a fresh IV every time. */
  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
  }

  /** The plaintext, or an error when the value was tampered with or sealed with another key. */
  open(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  sealOptional(plaintext: string | null | undefined): string | null {
    return plaintext ? this.seal(plaintext) : null;
  }

  /**
   * A 32-byte key of its own for `purpose` (HKDF-SHA256 of the encryption key), such as the key
   * that signs unsubscribe links: no other use ever touches the encryption key itself.
   */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `datacleaner:${purpose}`, 32));
  }
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  try {
    return parseKey((await readFile(file, 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Writes a new key file readable only by its owner; false when another process wrote one first.
 * The key goes to a temporary file that is then linked to its name (link, unlike rename, never
 * replaces an existing file), so a process starting at the same time never reads a half-written key.
 */
async function writeKeyFile(file: string, key: Buffer): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    await chmod(temporary, 0o600);
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * DATA_DIR/encryption.key, where earlier versions generated the key, moves to KEY_FILE once.
 * When KEY_FILE already holds another key, neither is dropped: the person running the server
 * decides which one this database's secrets were sealed with.
 */
async function moveLegacyKey(legacy: string, file: string): Promise<void> {
  const old = await readKeyFile(legacy);
  if (!old) return;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!(await writeKeyFile(file, old)) && !(await readKeyFile(file))!.equals(old)) {
    throw new Error(
      `${legacy} holds another key than ${file}. Secrets in this database were sealed with the one in DATA_DIR: ` +
        'set ENCRYPTION_KEY to its contents or KEY_FILE to another path, then start again.',
    );
  }
  // force: the web process and a worker may both move it at the same start.
  await rm(legacy, { force: true });
}

function parseKey(text: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
}

const boxes = new Map<string, Promise<SecretBox>>();

/** One SecretBox per key source in the process: the key file is read once. */
export function secretBoxFor(config: Config): Promise<SecretBox> {
  const source = config.ENCRYPTION_KEY ?? `${config.keyFile}\n${config.dataDir}`;
  let box = boxes.get(source);
  if (!box) {
    box = SecretBox.fromConfig(config);
    boxes.set(source, box);
    box.catch(() => boxes.delete(source));
  }
  return box;
}
