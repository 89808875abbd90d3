// The signatures of a PDF as poppler's `pdfsig` checks them (what a reader would tell the user),
// and the signature dictionaries as written (reason, location…, which pdfsig does not print).
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib'

const run = promisify(execFile)

export interface PdfsigSignature {
  /** `Signature Field Name`: the seal's is `Signature1`. */
  fieldName: string | null
  /** false for an empty signature field (`The signature form field is not signed.`). */
  signed: boolean
  /** `Signer Certificate Common Name`; null when pdfsig could not read the certificate. */
  signerName: string | null
  /** `Signer full Distinguished Name`, as pdfsig prints it: `CN="…",O="…"`. */
  distinguishedName: string | null
  /** `Signature Validation: Signature is Valid.` */
  valid: boolean
  /** The validation message itself: `Signature is Valid.`, `Digest Mismatch.`… */
  validation: string
  /** `Certificate Validation: …` (a self-signed certificate's issuer is unknown, as expected). */
  certificateValidation?: string
  /** `Total document signed`: the byte ranges cover the whole file but the signature value. */
  totalDocumentSigned: boolean
  /** `Signature Type`: the SubFilter (`ETSI.CAdES.detached`, `adbe.pkcs7.detached`…). */
  subFilter?: string
  signingTime?: Date
  hashAlgorithm?: string
  signedRanges: Array<[number, number]>
}

export interface PdfsigReport {
  signatures: PdfsigSignature[]
  /** pdfsig's output, for messages. */
  output: string
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** `Nov 21 2026 16:03:30`, printed in UTC as pdfsig runs with TZ=UTC. */
function parseSigningTime(text: string): Date | undefined {
  const match = /^(\w{3}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text)
  if (match === null) return undefined
  const [, month, day, year, hours, minutes, seconds] = match as unknown as [string, string, string, string, string, string, string]
  return new Date(Date.UTC(Number(year), MONTHS.indexOf(month), Number(day), Number(hours), Number(minutes), Number(seconds)))
}

function parseSignature(block: string): PdfsigSignature {
  const fields = new Map<string, string>()
  const flags = new Set<string>()
  for (const line of block.split('\n')) {
    const item = /^\s+- (.*)$/.exec(line)?.[1]
    if (item === undefined) continue
    const colon = item.indexOf(': ')
    if (colon === -1) flags.add(item.trim())
    else fields.set(item.slice(0, colon), item.slice(colon + 2).trim())
  }
  const text = (name: string): string | null => {
    const value = fields.get(name)
    return value === undefined || value === '(null)' ? null : value
  }
  const validation = text('Signature Validation') ?? ''
  const signingTime = text('Signing Time')
  return {
    fieldName: text('Signature Field Name'),
    signed: !block.includes('The signature form field is not signed.'),
    signerName: text('Signer Certificate Common Name'),
    distinguishedName: text('Signer full Distinguished Name'),
    valid: validation === 'Signature is Valid.',
    validation,
    certificateValidation: text('Certificate Validation') ?? undefined,
    totalDocumentSigned: flags.has('Total document signed'),
    subFilter: text('Signature Type') ?? undefined,
    signingTime: signingTime === null ? undefined : parseSigningTime(signingTime),
    hashAlgorithm: text('Signing Hash Algorithm') ?? undefined,
    signedRanges: [...(text('Signed Ranges') ?? '').matchAll(/\[(\d+) - (\d+)\]/g)].map((match) => [Number(match[1]), Number(match[2])])
  }
}

/** Runs `pdfsig` on the bytes (from a private temporary file) and reads its report. */
export async function pdfsig(bytes: Uint8Array): Promise<PdfsigReport> {
  const directory = await mkdtemp(path.join(tmpdir(), 'paraphe-pdfsig-'))
  try {
    const file = path.join(directory, 'document.pdf')
    await writeFile(file, bytes)
    let output: string
    try {
      output = (await run('pdfsig', [file], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } })).stdout
    } catch (error) {
      // Exit status 2 with this message: a PDF without signatures; anything else is a failure.
      const stdout = (error as { stdout?: string }).stdout ?? ''
      if (stdout.includes('does not contain any signatures')) return { signatures: [], output: stdout }
      throw error
    }
    const blocks = output.split(/^Signature #\d+:$/m).slice(1)
    return { signatures: blocks.map(parseSignature), output }
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}

export interface SignatureDictionary {
  subFilter: string
  reason?: string
  location?: string
  contactInfo?: string
  name?: string
  /** The /M entry, as written (`D:20260315103000Z`). */
  signingTime?: string
  byteRange: number[]
}

/** The signature dictionaries of the signature fields, read with pdf-lib. */
export async function signatureDictionaries(bytes: Uint8Array): Promise<SignatureDictionary[]> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false })
  const fields = document.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict)?.lookupMaybe(PDFName.of('Fields'), PDFArray)
  const dictionaries: SignatureDictionary[] = []
  for (const ref of fields?.asArray() ?? []) {
    const field = document.context.lookup(ref, PDFDict)
    if (field.get(PDFName.of('FT')) !== PDFName.of('Sig')) continue
    const value = field.lookup(PDFName.of('V'), PDFDict)
    const textOf = (key: string): string | undefined => {
      const entry = value.lookup(PDFName.of(key))
      return entry instanceof PDFString || entry instanceof PDFHexString ? entry.decodeText() : undefined
    }
    const rawOf = (key: string): string | undefined => {
      const entry = value.lookup(PDFName.of(key))
      return entry instanceof PDFString ? entry.asString() : undefined
    }
    dictionaries.push({
      subFilter: value.lookup(PDFName.of('SubFilter'), PDFName).decodeText(),
      reason: textOf('Reason'),
      location: textOf('Location'),
      contactInfo: textOf('ContactInfo'),
      name: textOf('Name'),
      signingTime: rawOf('M'),
      byteRange: value
        .lookup(PDFName.of('ByteRange'), PDFArray)
        .asArray()
        .map((item) => (item as PDFNumber).asNumber())
    })
  }
  return dictionaries
}
