// The quote's PDF as the professional downloads it (workspace and public API alike).
import { renderedQuote } from '../signing/quote-pdf-cache.js'
import { renderQuotePdfOffThread } from '../workers/pdf-pool.js'
import type { QuoteDocument } from './quote-document.js'

/**
 * A draft changes at every edit: rendered on a worker at each call. A sent quote is frozen:
 * rendered once, the same bytes as its client's view and download (signing/quote-pdf-cache.ts).
 */
export async function quotePdfBytes(document: QuoteDocument): Promise<Uint8Array> {
  if (document.quote.status === 'draft') return renderQuotePdfOffThread(document)
  return (await renderedQuote(`${document.quote.id}:${document.quote.version}`, async () => document)).pdf
}
