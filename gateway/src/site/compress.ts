import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, crc32, deflateRawSync, gzip } from 'node:zlib'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Strong validator for one representation's exact bytes. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

export interface Compressed {
  br: Buffer
  gzip: Buffer
}

/** Names a body by its exact bytes. */
export function contentKey(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex')
}

// Pages are compressed once at start; several apps in one process (tests) share the work.
const memo = new Map<string, Promise<Compressed>>()

/**
 * Best-ratio compression, for bodies compressed once and served many times. On libuv's threads:
 * the pages of a start are compressed side by side, while the main thread opens the database.
 */
export function compressOnce(body: Buffer): Promise<Compressed> {
  const key = contentKey(body)
  let result = memo.get(key)
  if (result === undefined) {
    const brotliOptions = {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length }
    }
    result = Promise.all([brotliAsync(body, brotliOptions), gzipAsync(body, { level: 9 })]).then(([br, gzipped]) => ({ br, gzip: gzipped }))
    memo.set(key, result)
  }
  return result
}

/**
 * A gzip body assembled per request from parts compressed once (RFC 1951/1952): each fixed part
 * is a deflate segment ended by a full flush (byte-aligned, nothing refers across it), the text
 * that varies goes in between as stored blocks, and only the CRC-32 is computed per request.
 * The 404 page names the requested path; this serves it compressed without compressing anything.
 */
export interface GzipTemplate {
  /** The uncompressed fixed parts; the filler goes between each two. */
  parts: readonly Buffer[]
  /** The gzip header and first part, then the next parts' segments; the last one ends the stream. */
  segments: readonly Buffer[]
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03])
const STORED_BLOCK_MAX = 0xffff

export function gzipTemplate(parts: readonly Buffer[]): GzipTemplate {
  const segments = parts.map((part, index) =>
    index === parts.length - 1
      ? deflateRawSync(part, { level: 9 })
      : deflateRawSync(part, { level: 9, finishFlush: constants.Z_FULL_FLUSH })
  )
  segments[0] = Buffer.concat([GZIP_HEADER, segments[0] as Buffer])
  return { parts, segments }
}

/** Non-final stored blocks holding `bytes` (a stored block starts on a byte boundary after a flush). */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = []
  for (let start = 0; start === 0 || start < bytes.length; start += STORED_BLOCK_MAX) {
    const chunk = bytes.subarray(start, start + STORED_BLOCK_MAX)
    const header = Buffer.alloc(5)
    header.writeUInt16LE(chunk.length, 1)
    header.writeUInt16LE(~chunk.length & 0xffff, 3)
    blocks.push(header, chunk)
  }
  return blocks
}

export function fillGzipTemplate(template: GzipTemplate, filler: Buffer): Buffer {
  const pieces: Buffer[] = []
  let crc = 0
  let size = 0
  template.parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(...storedBlocks(filler))
      // Node 20's crc32 returns 0 for some empty buffers instead of the running value.
      if (filler.length > 0) crc = crc32(filler, crc)
      size += filler.length
    }
    pieces.push(template.segments[index] as Buffer)
    if (part.length > 0) crc = crc32(part, crc)
    size += part.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size >>> 0, 4)
  pieces.push(trailer)
  return Buffer.concat(pieces)
}
