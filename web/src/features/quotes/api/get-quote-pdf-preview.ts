import type { ApiClient } from '@/lib/api-client'
import { quotesApi } from './quotes-api'

/** Draws the PDF of the stored draft `quoteId`: its bytes with the user's token, then pdf.js, loaded only now. */
export async function drawDraftPdf(api: ApiClient, quoteId: string, signal: AbortSignal): Promise<HTMLCanvasElement[]> {
  const [file, { renderPdfPages }] = await Promise.all([quotesApi.pdf(api, quoteId, signal), import('../lib/pdf-canvas')])
  return renderPdfPages(new Uint8Array(await file.blob.arrayBuffer()))
}
