// The quote's PDF as the professional downloads it (workspace and public API alike).
import type { FastifyBaseLogger } from 'fastify'
import type { Quote } from '@paraphe/shared/quote'
import { keptRendering, renderedQuote, renderKey } from '../signing/quote-pdf-cache.js'
import { PdfDeferred, renderQuotePdfOffThread } from '../workers/pdf-pool.js'
import type { QuoteDocument } from './quote-document.js'

/**
 * A draft changes at every edit: rendered on a worker at each call. A sent quote is frozen:
 * rendered once, the same bytes as its client's view and download (signing/quote-pdf-cache.ts).
 */
export async function quotePdfBytes(document: QuoteDocument): Promise<Uint8Array> {
  if (document.quote.status === 'draft') return renderQuotePdfOffThread(document)
  return (await renderedQuote(renderKey(document.quote), async () => document)).pdf
}

/** The PDF of a sent quote already rendered by this process: a download needs no more of its document. */
export function keptQuotePdf(quote: Pick<Quote, 'id' | 'version' | 'status'>): Promise<Uint8Array> | undefined {
  if (quote.status === 'draft') return undefined
  return keptRendering(renderKey(quote))?.then((rendered) => rendered.pdf)
}

/**
 * A sent quote's PDF rendered now, on a worker, while its e-mail travels: the client's first
 * open of the link shows the PDF's fingerprint and would otherwise wait for this rendering
 * (seconds on a busy machine). Kept in this process's cache; a failure is only logged, and the
 * first view renders again. Nobody waits for it yet: a deep PDF queue defers it (pdf-pool.ts).
 */
export function renderAheadOfFirstView(document: QuoteDocument, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void> {
  return renderedQuote(renderKey(document.quote), async () => document, 'ahead').then(
    () => undefined,
    (error: unknown) => {
      // The PDF queue was deep: a person's PDF went first, and this one is made at the first view.
      if (error instanceof PdfDeferred) log.info({ quoteId: document.quote.id }, 'quote PDF deferred to its first view')
      else log.warn({ err: error, quoteId: document.quote.id }, 'quote PDF not rendered ahead of its first view')
    }
  )
}
