// The worker threads of the PDF process (see pdf-process.ts and pdf-pool.ts): rendering a quote, and composing
// then sealing a signed copy. Only plain data crosses the thread boundary (structured clone):
// dates stay dates, byte arrays arrive as Uint8Array.
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { QuotePdfInput } from '../pdf/quote-pdf.js'
import type { SealInfo } from '../seal/pdf-seal.js'
import type { SealCertificate } from '../seal/signing-certificate.js'
import type { SignedPdfInput } from '../signing/signed-pdf.js'

export type PdfTask =
  | { kind: 'quote'; input: QuotePdfInput }
  | { kind: 'signed'; input: SignedPdfInput; certificate: SealCertificate; seal: SealInfo }
  | { kind: 'invoice'; document: InvoiceDocument; xml: string }

// The same certificate object for every task, so the opened keys are reused (signing-certificate.ts
// caches them per object) instead of decrypting the PKCS#12 file for each seal.
const certificates = new Map<string, SealCertificate>()

function certificateOf(received: SealCertificate): SealCertificate {
  let known = certificates.get(received.fingerprintSha256)
  if (known === undefined) {
    known = { ...received, p12: Buffer.from(received.p12) }
    certificates.set(received.fingerprintSha256, known)
  }
  return known
}

export default async function runPdfTask(task: PdfTask): Promise<Uint8Array> {
  if (task.kind === 'quote') {
    const { renderQuotePdf } = await import('../pdf/quote-pdf.js')
    return renderQuotePdf(task.input)
  }
  if (task.kind === 'invoice') {
    const { renderInterimInvoicePdf } = await import('../invoices/interim-invoice-pdf.js')
    return renderInterimInvoicePdf(task.document, task.xml)
  }
  const [{ composeSignedPdf }, { sealPdf }] = await Promise.all([import('../signing/signed-pdf.js'), import('../seal/pdf-seal.js')])
  const composed = await composeSignedPdf(task.input)
  return sealPdf(composed, certificateOf(task.certificate), task.seal)
}
