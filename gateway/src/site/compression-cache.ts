// The pages' best-ratio compressions kept under DATA_DIR, so that a restart reads them back
// instead of compressing every page again (brotli at its best ratio is most of the site's load
// time). Each file is named by the SHA-256 of the uncompressed bytes it encodes, runtime values
// already filled in: a new build or a changed value is another name, never a stale page. A file
// read back is decompressed and compared before it is served; any doubt means compressing again.
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliDecompress, gunzip } from 'node:zlib'
import { compressOnce, contentKey, type Compressed } from './compress.js'

const brotliDecompressAsync = promisify(brotliDecompress)
const gunzipAsync = promisify(gunzip)

/** Under DATA_DIR. */
export const SITE_CACHE_DIRECTORY = 'site-cache'

export interface CompressionCache {
  compress: (body: Buffer) => Promise<Compressed>
  /** Removes the entries this start did not use (earlier builds' pages). */
  prune: () => Promise<void>
}

async function readBack(file: string, body: Buffer, decode: (data: Buffer) => Promise<Buffer>): Promise<Buffer | undefined> {
  try {
    const encoded = await readFile(file)
    return (await decode(encoded)).equals(body) ? encoded : undefined
  } catch {
    return undefined
  }
}

/** Written aside, then renamed: another process starting on the same folder never reads half a file. */
async function store(file: string, data: Buffer): Promise<void> {
  const partial = `${file}.${randomBytes(6).toString('hex')}.partial`
  try {
    await writeFile(partial, data)
    await rename(partial, file)
  } catch {
    // A cache: the page is served all the same, and compressed again at the next start.
    await rm(partial, { force: true })
  }
}

export function compressionCache(dir: string): CompressionCache {
  const used = new Set<string>()
  const ready = mkdir(dir, { recursive: true }).then(
    () => true,
    () => false
  )
  return {
    async compress(body) {
      const key = contentKey(body)
      const names = { br: `${key}.br`, gzip: `${key}.gz` }
      used.add(names.br).add(names.gzip)
      if (!(await ready)) return compressOnce(body)
      const [br, gzip] = await Promise.all([
        readBack(path.join(dir, names.br), body, brotliDecompressAsync),
        readBack(path.join(dir, names.gzip), body, gunzipAsync)
      ])
      if (br !== undefined && gzip !== undefined) return { br, gzip }
      const compressed = await compressOnce(body)
      await Promise.all([store(path.join(dir, names.br), compressed.br), store(path.join(dir, names.gzip), compressed.gzip)])
      return compressed
    },
    async prune() {
      const entries = await readdir(dir).catch(() => [])
      // Other processes' leftovers too: one still writing only loses its copy, and compresses again.
      await Promise.all(entries.filter((name) => !used.has(name)).map((name) => rm(path.join(dir, name), { force: true })))
    }
  }
}
