// The HS256 secret of the embedded accounts: generated once into DATA_DIR/auth/jwt-secret (0600)
// and kept, so sessions survive restarts. Created atomically (db/data-dir-file.ts): two gateways
// starting together on one data folder share one.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { SignJWT } from 'jose'
import { readOrCreateOnce } from '../db/data-dir-file.js'

const SECRET_BYTES = 48

export function signingKeyPath(dataDir: string): string {
  return path.join(dataDir, 'auth', 'jwt-secret')
}

async function readSecret(file: string): Promise<string> {
  const secret = (await readFile(file, 'utf8')).trim()
  if (secret.length < 32)
    throw new Error(
      `${file}: the accounts' signing secret is too short (${secret.length} characters); delete the file to generate a new one (every session ends)`
    )
  return secret
}

export const loadOrCreateSigningKey = (dataDir: string): Promise<string> =>
  readOrCreateOnce(signingKeyPath(dataDir), () => `${randomBytes(SECRET_BYTES).toString('base64url')}\n`, readSecret)

/**
 * The anon key handed to browsers: an HS256 JWT with `role: anon` and no subject, as Supabase
 * makes them. It grants nothing by itself (the gateway refuses it as a user); supabase-js sends it
 * as `apikey`. Deterministic for a given secret, so every gateway hands out the same one.
 */
export async function mintAnonKey(secret: string): Promise<string> {
  const issuedAt = 1_767_225_600 // 2026-01-01: fixed, so the key is the same on every start
  return new SignJWT({ role: 'anon', iss: 'paraphe' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 20 * 365 * 24 * 3600)
    .sign(new TextEncoder().encode(secret))
}
