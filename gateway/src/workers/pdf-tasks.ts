// The worker threads of the PDF process (see pdf-process.ts and pdf-pool.ts): rendering a quote,
// composing then sealing a signed copy, and making an invoice's Factur-X PDF/A-3. Only plain data crosses the thread boundary (structured clone):
// dates stay dates, byte arrays arrive as Uint8Array.
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { QuotePdfInput } from '../pdf/quote-pdf.js'
import type { SealInfo } from '../seal/pdf-seal.js'
import type { SealCertificate } from '../seal/signing-certificate.js'
import type { SignedPdfInput } from '../pdf/signed-pdf.js'

export type PdfTask =
  | { kind: 'quote'; input: QuotePdfInput }
  | { kind: 'signed'; input: SignedPdfInput; certificate: SealCertificate; seal: SealInfo }
  | { kind: 'invoice'; document: InvoiceDocument }

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
    // The PDF carries its XML (factur-x.xml); the caller that wants the XML apart builds it with
    // buildFacturXml, a few milliseconds on the gateway's thread.
    const { buildFacturX } = await import('../invoices/facturx/build-facturx.js')
    return (await buildFacturX(task.document)).pdf
  }
  const [{ composeSignedPdf }, { sealPdf }] = await Promise.all([import('../pdf/signed-pdf.js'), import('../seal/pdf-seal.js')])
  const composed = await composeSignedPdf(task.input)
  return sealPdf(composed, certificateOf(task.certificate), task.seal)
}
