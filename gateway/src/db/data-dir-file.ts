// A file of DATA_DIR made once and then kept (the accounts' signing secret, the key that seals
// users' secrets), safe when several gateways start together on one data folder: the content is
// written to a private temporary file, then hard-linked to its name, which fails if another
// process got there first — then that process's file is read.
import { randomBytes } from 'node:crypto'
import { chmod, link, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** `read(file)`, after writing `create()` there (0600, in a 0700 folder) when the file does not exist yet. */
export async function readOrCreateOnce<T>(file: string, create: () => string, read: (file: string) => Promise<T>): Promise<T> {
  try {
    return await read(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(temporary, create(), { mode: 0o600, flag: 'wx' })
  await chmod(temporary, 0o600)
  try {
    await link(temporary, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await rm(temporary, { force: true })
  }
  return read(file)
}
