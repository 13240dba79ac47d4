import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// PASSWORD property values and webhook signing secrets are encrypted at rest with AES-256-GCM.
// The key comes from FLOWDECK_SECRET_KEY, or is generated once into the data folder (mode 0600).

export interface SecretBox {
  seal: (plain: string) => string;
  open: (sealed: string) => string;
}

const VERSION = 'v1';

export function loadSecretKey(configured: string | null, dataDir: string): Buffer {
  if (configured) return createHash('sha256').update(configured).digest();
  const file = join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // Written aside and linked into place: instances starting together on one data folder agree on
    // the first key linked, and none reads a half-written one.
    const aside = `${file}.${String(process.pid)}.new`;
    writeFileSync(aside, randomBytes(32).toString('base64'), { mode: 0o600 });
    try {
      linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(aside, { force: true });
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes.');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) throw new Error('Unreadable secret.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
