// The key that seals users' secrets (secret-box.ts): SECRETS_KEY when the operator sets it (several
// gateways on one database share it so), else generated once into DATA_DIR/secrets/key (0600), the
// way the accounts' signing secret is (db/data-dir-file.ts).
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { readOrCreateOnce } from '../db/data-dir-file.js'

const KEY_BYTES = 32

export function secretsKeyPath(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'key')
}

async function readKey(file: string): Promise<Buffer> {
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')
  if (key.length !== KEY_BYTES)
    throw new Error(`${file}: the secrets key must be ${KEY_BYTES} bytes in base64; restore the right file (the sealed secrets need it)`)
  return key
}

export const loadOrCreateSecretsKey = (dataDir: string): Promise<Buffer> =>
  readOrCreateOnce(secretsKeyPath(dataDir), () => `${randomBytes(KEY_BYTES).toString('base64')}\n`, readKey)
