// The key that seals users' secrets (secret-box.ts): SECRETS_KEY when the operator sets it (several
// gateways on one database share it so), else generated once into DATA_DIR/secrets/key (0600), the
// way the accounts' signing secret is: written to a private temporary file, then hard-linked to its
// name, which fails if another process got there first — then that process's key is read.
import { randomBytes } from 'node:crypto'
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

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

export async function loadOrCreateSecretsKey(dataDir: string): Promise<Buffer> {
  const file = secretsKeyPath(dataDir)
  try {
    return await readKey(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(temporary, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  await chmod(temporary, 0o600)
  try {
    await link(temporary, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await rm(temporary, { force: true })
  }
  return readKey(file)
}
