import { createHash, randomBytes } from 'node:crypto';

// Secrets a browser holds (a session cookie, a single-use link's token) are random and 256 bits long, so
// a fast hash is enough to store them: only the hash is kept, and nothing stored lets one be rebuilt.

export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
