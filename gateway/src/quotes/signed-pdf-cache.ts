// Sealed signed copies kept in memory by their SHA-256 (stored beside the bytes in
// signed_documents): a copy never changes once sealed, so a hash names exactly one content and
// any number of gateways on one database may each keep their own copies without going stale.
// A download then reads the short hash through PGlite instead of the whole bytea.
import { sha256Hex } from './quote-pdf-cache.js'

const MAX_BYTES = 32 * 1024 * 1024
const copies = new Map<string, Uint8Array>()
let heldBytes = 0

/** The copy whose SHA-256 is `sha256`, if this process holds it (and marks it recently used). */
export function cachedSignedPdf(sha256: string): Uint8Array | undefined {
  const pdf = copies.get(sha256)
  if (pdf !== undefined) {
    copies.delete(sha256)
    copies.set(sha256, pdf)
  }
  return pdf
}

/** Keeps `pdf` under its hash, checked first: bytes that do not match their stored hash are never served from memory. */
export function keepSignedPdf(sha256: string, pdf: Uint8Array): void {
  if (copies.has(sha256) || pdf.byteLength > MAX_BYTES || sha256Hex(pdf) !== sha256) return
  copies.set(sha256, pdf)
  heldBytes += pdf.byteLength
  // The least recently downloaded copies go first.
  for (const [oldest, bytes] of copies) {
    if (heldBytes <= MAX_BYTES) break
    copies.delete(oldest)
    heldBytes -= bytes.byteLength
  }
}
