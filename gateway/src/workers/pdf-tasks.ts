// The worker threads of the PDF process (see pdf-process.ts and pdf-pool.ts): rendering a quote,
// composing then sealing a signed copy, and making an invoice's Factur-X PDF/A-3. Only plain data crosses the thread boundary (structured clone):
// dates stay dates, byte arrays arrive as Uint8Array.
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { QuotePdfInput } from '../pdf/quote-pdf.js'
import type { SealInfo } from '../seal/pdf-seal.js'
import type { SealCertificate } from '../seal/signing-certificate.js'
import type { SignedPdfInput } from '../pdf/signed-pdf.js'

/** A task's result: its document, and for an invoice the Factur-X XML the PDF carries (built once, there). */
export interface PdfOutput {
  bytes: Uint8Array
  xml?: string
}

export type PdfTask =
  | { kind: 'quote'; input: QuotePdfInput }
  | { kind: 'signed'; input: SignedPdfInput; certificate: SealCertificate; seal: SealInfo }
  | { kind: 'invoice'; document: InvoiceDocument }
  | { kind: 'invoice-xml'; document: InvoiceDocument }

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

export default async function runPdfTask(task: PdfTask): Promise<PdfOutput> {
  if (task.kind === 'quote') {
    const { renderQuotePdf } = await import('../pdf/quote-pdf.js')
    return { bytes: await renderQuotePdf(task.input) }
  }
  if (task.kind === 'invoice-xml') {
    // The issuing transaction's share: the XML alone (milliseconds), the PDF comes after its number.
    const [{ buildFacturXml }, { computeInvoiceTotals }] = await Promise.all([
      import('../invoices/facturx/cii-xml.js'),
      import('@paraphe/shared/invoices/invoice-totals')
    ])
    return { bytes: new Uint8Array(0), xml: buildFacturXml(task.document, computeInvoiceTotals(task.document)) }
  }
  if (task.kind === 'invoice') {
    // The XML comes back with the PDF that carries it (factur-x.xml): stored apart, built once.
    const { buildFacturX } = await import('../invoices/facturx/build-facturx.js')
    const { pdf, xml } = await buildFacturX(task.document)
    return { bytes: pdf, xml }
  }
  const [{ composeSignedPdf }, { sealPdf }] = await Promise.all([import('../pdf/signed-pdf.js'), import('../seal/pdf-seal.js')])
  const composed = await composeSignedPdf(task.input)
  return { bytes: await sealPdf(composed, certificateOf(task.certificate), task.seal) }
}
