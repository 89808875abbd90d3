import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Strong validator for one representation's exact bytes. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

// Pages are compressed once at start; several apps in one process (tests) share the work.
const memo = new Map<string, { br: Buffer; gzip: Buffer }>()

/** Best-ratio compression, for bodies compressed once and served many times. */
export function compressOnce(body: Buffer): { br: Buffer; gzip: Buffer } {
  const key = createHash('sha256').update(body).digest('hex')
  let result = memo.get(key)
  if (result === undefined) {
    result = {
      br: brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length
        }
      }),
      gzip: gzipSync(body, { level: 9 })
    }
    memo.set(key, result)
  }
  return result
}

/** Fast compression, for bodies made per request (the 404 page carries the path). */
export function compressFast(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(body, { level: 6 })
}
