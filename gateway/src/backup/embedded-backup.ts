// Backups of the embedded default: the PGlite data folder as PGlite's own archive (taken by the
// process that holds it, between two queries, so consistent while the site runs) plus the
// seal's certificate and passphrase kept under DATA_DIR/signing.
import { existsSync } from 'node:fs'
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { SIGNING_DIRECTORY } from '../seal/seal-files.js'

export const DATABASE_ARCHIVE = 'database.tar.gz'
export const MANIFEST = 'manifest.json'
/** Written by `npm run backup` in DATA_DIR for the running gateway, which answers in the target. */
export const BACKUP_REQUEST = 'backup-request.json'
export const BACKUP_ERROR = 'backup-error.txt'

export interface BackupManifest {
  format: 'paraphe-embedded-backup'
  version: 1
  createdAt: string
  signing: boolean
}

async function isEmptyOrMissing(directory: string): Promise<boolean> {
  return !existsSync(directory) || (await readdir(directory)).length === 0
}

/** Writes the backup into `target` (new or empty); the manifest, written last, marks it complete. */
export async function writeBackup(dump: () => Promise<Blob>, dataDir: string, target: string): Promise<BackupManifest> {
  if (!(await isEmptyOrMissing(target))) throw new Error(`${target} n’est pas vide : choisissez un nouveau dossier pour la sauvegarde.`)
  await mkdir(target, { recursive: true, mode: 0o700 })
  const archive = Buffer.from(await (await dump()).arrayBuffer())
  await writeFile(path.join(target, DATABASE_ARCHIVE), archive, { mode: 0o600 })
  const signing = existsSync(path.join(dataDir, SIGNING_DIRECTORY))
  if (signing)
    await cp(path.join(dataDir, SIGNING_DIRECTORY), path.join(target, SIGNING_DIRECTORY), { recursive: true, preserveTimestamps: true })
  const manifest: BackupManifest = { format: 'paraphe-embedded-backup', version: 1, createdAt: new Date().toISOString(), signing }
  await writeFile(path.join(target, `${MANIFEST}.tmp`), JSON.stringify(manifest, null, 2))
  await rename(path.join(target, `${MANIFEST}.tmp`), path.join(target, MANIFEST))
  return manifest
}

export async function readManifest(source: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(source, MANIFEST), 'utf8')) as Partial<BackupManifest>
  if (manifest.format !== 'paraphe-embedded-backup' || manifest.version !== 1)
    throw new Error(`${source} n’est pas une sauvegarde Paraphe (manifest.json inconnu).`)
  return manifest as BackupManifest
}

/**
 * The database archive of a backup, and the seal copied into `dataDir` (which must hold no
 * database yet: a restore never overwrites one).
 */
export async function prepareRestore(source: string, dataDir: string): Promise<Blob> {
  const manifest = await readManifest(source)
  if (!(await isEmptyOrMissing(path.join(dataDir, 'pglite')))) {
    throw new Error(`${dataDir} contient déjà une base : restaurez dans un DATA_DIR neuf (ou déplacez l’actuel).`)
  }
  await mkdir(dataDir, { recursive: true })
  if (manifest.signing) {
    await rm(path.join(dataDir, SIGNING_DIRECTORY), { recursive: true, force: true })
    await cp(path.join(source, SIGNING_DIRECTORY), path.join(dataDir, SIGNING_DIRECTORY), { recursive: true, preserveTimestamps: true })
  }
  return new Blob([await readFile(path.join(source, DATABASE_ARCHIVE))])
}
