// The HS256 secret of the embedded accounts: generated once into DATA_DIR/auth/jwt-secret (0600)
// and kept, so sessions survive restarts. Created atomically: the secret is written to a private
// temporary file, then hard-linked to its name, which fails if another process got there first —
// then that process's secret is read. Two gateways starting together on one data folder share one.
import { randomBytes } from 'node:crypto'
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { SignJWT } from 'jose'

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

export async function loadOrCreateSigningKey(dataDir: string): Promise<string> {
  const file = signingKeyPath(dataDir)
  try {
    return await readSecret(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(temporary, `${randomBytes(SECRET_BYTES).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' })
  await chmod(temporary, 0o600)
  try {
    await link(temporary, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await rm(temporary, { force: true })
  }
  return readSecret(file)
}

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
