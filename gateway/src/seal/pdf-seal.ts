// The PAdES seal of a signed quote: an invisible signature over the whole file, with the server's
// certificate, that any reader (or `pdfsig`) checks to tell that not one byte changed since.
import { SignPdf } from '@signpdf/signpdf'
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib'
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, type PDFObject } from 'pdf-lib'
import { CadesSigner } from './cades-signer.js'
import { sealKeys, type SealCertificate } from './signing-certificate.js'

export const SEAL_SUBFILTER = SUBFILTER_ETSI_CADES_DETACHED

export interface SealInfo {
  /** « Scellement du devis signé ». */
  reason: string
  location: string
  contactInfo: string
  name: string
  signingTime: Date
  /** RFC 3161 timestamping authority (TSA_URL); absent: no timestamp (PAdES B-B). */
  tsaUrl?: string
}

export class AlreadySignedError extends Error {
  constructor() {
    super('This PDF already holds a signature: sealing rewrites the file and would invalidate it.')
    this.name = 'AlreadySignedError'
  }
}

/**
 * A PDF text string for @signpdf's placeholder, which writes the characters as bytes without
 * escaping: UTF-16BE with its byte order mark (any character, accents and the dash included),
 * the delimiters and backslash escaped, and carriage returns written as `\r` so that readers do
 * not turn them into line feeds.
 */
export function pdfTextString(text: string): string {
  const bytes = Buffer.from(text, 'utf16le').swap16()
  let literal = '\u00fe\u00ff'
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) literal += `\\${String.fromCharCode(byte)}`
    else if (byte === 0x0d) literal += '\\r'
    else literal += String.fromCharCode(byte)
  }
  return literal
}

/** Whether a form field, or one of its kids, is a signature field with a value. */
function holdsSignature(document: PDFDocument, object: PDFObject | undefined, seen: Set<PDFObject>): boolean {
  const field = object instanceof PDFRef ? document.context.lookup(object) : object
  if (!(field instanceof PDFDict) || seen.has(field)) return false
  seen.add(field)
  if (field.get(PDFName.of('FT')) === PDFName.of('Sig') && field.get(PDFName.of('V')) !== undefined) return true
  const kids = field.lookupMaybe(PDFName.of('Kids'), PDFArray)
  return kids !== undefined && kids.asArray().some((kid) => holdsSignature(document, kid, seen))
}

function isSigned(document: PDFDocument): boolean {
  const fields = document.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict)?.lookupMaybe(PDFName.of('Fields'), PDFArray)
  const seen = new Set<PDFObject>()
  return fields !== undefined && fields.asArray().some((field) => holdsSignature(document, field, seen))
}

/**
 * Declares the PAdES extension (ETSI, level 2: CAdES signatures) that ETSI.CAdES.detached needs
 * in a PDF 1.7 file, which it is from now on (that subfilter is standard only from PDF 2.0).
 */
function declarePadesExtension(document: PDFDocument): void {
  const { catalog, context } = document
  const [major = 1, minor = 7] = context.header
    .toString()
    .slice(5)
    .split('.')
    .map((part) => Number.parseInt(part, 10))
  if (major === 1 && minor < 7) catalog.set(PDFName.of('Version'), PDFName.of('1.7'))
  const extensions = catalog.lookupMaybe(PDFName.of('Extensions'), PDFDict) ?? context.obj({})
  extensions.set(PDFName.of('ESIC'), context.obj({ BaseVersion: PDFName.of('1.7'), ExtensionLevel: PDFNumber.of(2) }))
  catalog.set(PDFName.of('Extensions'), extensions)
}

/**
 * Adds a PAdES baseline signature (SubFilter ETSI.CAdES.detached) covering the whole document.
 * The file is rewritten once (earlier incremental updates merged), then signed: a PDF that
 * already holds a signature is refused (AlreadySignedError), as rewriting would break it.
 */
export async function sealPdf(pdf: Uint8Array, certificate: SealCertificate, info: SealInfo): Promise<Uint8Array> {
  const keys = sealKeys(certificate)
  const document = await PDFDocument.load(pdf, { updateMetadata: false })
  if (isSigned(document)) throw new AlreadySignedError()

  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: pdfTextString(info.reason),
    location: pdfTextString(info.location),
    contactInfo: pdfTextString(info.contactInfo),
    name: pdfTextString(info.name),
    signingTime: info.signingTime,
    subFilter: SEAL_SUBFILTER,
    // In hexadecimal digits (two a byte, hence even): room for the certificates, the signature
    // value (512 bytes for an RSA 4096 key) and the attributes and structure around them.
    // A timestamp token holds the authority's own certificates: 8 kB more leaves room for a chain.
    signatureLength: 2 * (keys.chain.reduce((total, item) => total + item.raw.length, 0) + 2048 + (info.tsaUrl === undefined ? 0 : 8192))
  })
  declarePadesExtension(document)
  // Classic cross-reference tables rather than object streams: what every reader accepts.
  const prepared = await document.save({ useObjectStreams: false, updateFieldAppearances: false })
  return new SignPdf().sign(
    Buffer.from(prepared.buffer, prepared.byteOffset, prepared.byteLength),
    new CadesSigner(keys, info.tsaUrl ?? null)
  )
}
