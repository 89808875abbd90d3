// The PDF of a sent quote never changes (content, identity and logo are frozen at sending), so
// its bytes and SHA-256 are computed once per quote and kept for the next visitors.
import { createHash } from 'node:crypto'
import type { Quote } from '@paraphe/shared/quote'
import type { QuotePdfInput } from '../pdf/quote-pdf.js'
import { PdfDeferred, renderQuotePdfOffThread } from '../workers/pdf-pool.js'

export interface RenderedQuote {
  pdf: Uint8Array
  sha256: string
}

const MAX_ENTRIES = 64
const cache = new Map<string, Promise<RenderedQuote>>()

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** A sent quote's key in the cache: its document is frozen per version. */
export function renderKey(quote: Pick<Quote, 'id' | 'version'>): string {
  return `${quote.id}:${quote.version}`
}

/** The rendering kept (or under way) for `key`, without starting one. */
export function keptRendering(key: string): Promise<RenderedQuote> | undefined {
  return cache.get(key)
}

/**
 * The quote's PDF and hash; `key` must change whenever the document would (quote id + version).
 * `ahead`: nobody waits yet (rendered while the signing e-mail travels), so the PDF queue may
 * defer it; a person who then asks for the same PDF has it rendered for them.
 */
export function renderedQuote(
  key: string,
  input: () => Promise<QuotePdfInput>,
  urgency: 'download' | 'ahead' = 'download'
): Promise<RenderedQuote> {
  const cached = cache.get(key)
  if (cached !== undefined) {
    if (urgency === 'ahead') return cached
    return cached.catch((error: unknown) => {
      if (error instanceof PdfDeferred) return renderedQuote(key, input)
      throw error
    })
  }
  const rendering = (async () => {
    const pdf = await renderQuotePdfOffThread(await input(), urgency)
    return { pdf, sha256: sha256Hex(pdf) }
  })()
  cache.set(key, rendering)
  // A failed rendering is not kept: the next request tries again.
  rendering.catch(() => {
    if (cache.get(key) === rendering) cache.delete(key)
  })
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string)
  return rendering
}
