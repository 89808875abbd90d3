// Writes .br and .gz beside every compressible file of the client build, at maximum settings:
// this runs once per build, so the served bytes are as small as the algorithms allow.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest)$/

export async function precompress(dir: string): Promise<number> {
  let count = 0
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    const data = await readFile(file)
    await writeFile(
      `${file}.br`,
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length
        }
      })
    )
    await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }))
    count++
  }
  return count
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../dist/client')
  console.log(`precompressed ${await precompress(dir)} files`)
}
