import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
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

  /** ENCRYPTION_KEY when set; otherwise a key generated once into DATA_DIR, so a fresh clone just works. */
  static async fromConfig(config: Config): Promise<SecretBox> {
    if (config.ENCRYPTION_KEY) return SecretBox.fromKey(parseKey(config.ENCRYPTION_KEY));
    const file = path.join(config.dataDir, 'encryption.key');
    try {
      return SecretBox.fromKey(parseKey((await readFile(file, 'utf8')).trim()));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await mkdir(config.dataDir, { recursive: true });
    const key = randomBytes(32);
    // 'wx' fails if another process wrote the file first; then that key is the one to use.
    try {
      await writeFile(file, `${key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
      await chmod(file, 0o600);
      return SecretBox.fromKey(key);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return SecretBox.fromKey(parseKey((await readFile(file, 'utf8')).trim()));
    }
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
}

function parseKey(text: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
}

const boxes = new Map<string, Promise<SecretBox>>();

/** One SecretBox per key source in the process: the key file is read once. */
export function secretBoxFor(config: Config): Promise<SecretBox> {
  const source = config.ENCRYPTION_KEY ?? config.dataDir;
  let box = boxes.get(source);
  if (!box) {
    box = SecretBox.fromConfig(config);
    boxes.set(source, box);
    box.catch(() => boxes.delete(source));
  }
  return box;
}
