// The one name a quote's PDF gets, whichever way it leaves the gateway (workspace download,
// signing page download, e-mail attachment).
import type { Quote } from '@paraphe/shared/quote'

/** `Devis-DEV-2026-0007.pdf`, `Devis-DEV-2026-0007-signe.pdf` once sealed, `Devis-brouillon.pdf` before sending. */
export function quotePdfName(quote: Pick<Quote, 'number'>, signed = false): string {
  return `Devis-${quote.number ?? 'brouillon'}${signed ? '-signe' : ''}.pdf`
}

/** The Content-Disposition header that makes browsers save the file under that name. */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName}"`
}
