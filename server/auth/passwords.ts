import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

// Local accounts' passwords, hashed with scrypt. The stored string carries its parameters and salt
// (`scrypt$N$r$p$salt$hash`), so stronger parameters later still read the hashes made before them.

const PARAMETERS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // scrypt needs 128 × N × r bytes; Node's default ceiling (32 MiB) is just that, so it is raised.
  const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0);
  return new Promise((resolveKey, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolveKey(key);
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMETERS);
  const { N, r, p } = PARAMETERS;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash of no password, checked against when the account has none, so its absence takes as long as a wrong password. */
const NO_PASSWORD = hashPassword(randomBytes(16).toString('hex'));

/** Whether `password` is the one `stored` was made from (null: the account has no password: always false, as slowly). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (stored ?? (await NO_PASSWORD)).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected) && stored !== null;
}
