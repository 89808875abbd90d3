// An RFC 3161 timestamp on the seal's signature value (PAdES B-T): a timestamping authority
// (TSA_URL) certifies that the signature existed at its time, so the signing time no longer
// rests on this server's clock alone. The token goes into the CMS signer's unsigned attributes
// (signature-time-stamp, RFC 3161 appendix A; ETSI EN 319 122-1).
import { createHash, randomBytes } from 'node:crypto'
import { element, objectIdentifier, octetString, readElement, sequence, smallInteger, type DerElement } from './der.js'

export const SIGNATURE_TIMESTAMP_OID = '1.2.840.113549.1.9.16.2.14'
const SHA256_OID = '2.16.840.1.101.3.4.2.1'
const TIMEOUT_MS = 15_000

export class TimestampError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TimestampError'
  }
}

/** A DER element read from untrusted bytes: its length checked against what is there. */
function readChecked(source: Buffer, offset = 0): DerElement {
  if (offset + 2 > source.length) throw new TimestampError('truncated DER element')
  const lengthByte = source[offset + 1] as number
  const count = lengthByte >= 0x80 ? lengthByte & 0x7f : 0
  if (count > 4 || offset + 2 + count > source.length) throw new TimestampError('malformed DER length')
  const element = readElement(source, offset)
  if (element.content.length !== (count === 0 ? lengthByte : source.readUIntBE(offset + 2, count)))
    throw new TimestampError('truncated DER element')
  return element
}

/** TimeStampReq { version 1, messageImprint (SHA-256), nonce, certReq TRUE }. */
export function timestampRequest(imprint: Buffer, nonce: Buffer): Buffer {
  const messageImprint = sequence(sequence(objectIdentifier(SHA256_OID)), octetString(imprint))
  return sequence(smallInteger(1), messageImprint, element(0x02, nonce), element(0x01, Buffer.from([0xff])))
}

/** The TimeStampToken (a CMS ContentInfo) out of a TimeStampResp, when its status is granted. */
export function tokenOfResponse(response: Buffer): Buffer {
  const outer = readChecked(response)
  if (outer.tag !== 0x30 || outer.bytes.length !== response.length) throw new TimestampError('the answer is not a TimeStampResp')
  const parts: DerElement[] = []
  for (let offset = 0; offset < outer.content.length;) {
    const part = readChecked(outer.content, offset)
    parts.push(part)
    offset += part.bytes.length
  }
  const [status, token] = parts
  // PKIStatusInfo ::= SEQUENCE { status INTEGER, … }
  const statusValue = status?.tag === 0x30 && status.content.length > 0 ? readChecked(status.content) : undefined
  // PKIStatus: 0 granted, 1 granted with modifications; anything else is a refusal.
  if (statusValue?.tag !== 0x02 || statusValue.content.length !== 1 || (statusValue.content[0] as number) > 1) {
    throw new TimestampError(`the authority refused the request (status ${statusValue?.content.toString('hex') ?? 'missing'})`)
  }
  if (token === undefined || token.tag !== 0x30) throw new TimestampError('the answer holds no timestamp token')
  return Buffer.from(token.bytes)
}

/**
 * Asks the authority at `url` for a token over SHA-256(`signatureValue`). Throws TimestampError
 * when it cannot be reached in time or does not grant one: the seal is then retried later
 * (quote-jobs.ts) rather than issued without the timestamp the operator asked for.
 */
export async function fetchSignatureTimestamp(url: string, signatureValue: Buffer): Promise<Buffer> {
  const imprint = createHash('sha256').update(signatureValue).digest()
  // A positive INTEGER: the first byte's high bit clear.
  const nonce = randomBytes(8)
  nonce[0] = (nonce[0] as number) & 0x7f
  let answer: Response
  try {
    answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: new Uint8Array(timestampRequest(imprint, nonce)),
      signal: AbortSignal.timeout(TIMEOUT_MS)
    })
  } catch (error) {
    throw new TimestampError(`timestamp authority unreachable: ${(error as Error).message}`)
  }
  if (!answer.ok) throw new TimestampError(`timestamp authority answered HTTP ${answer.status}`)
  const token = tokenOfResponse(Buffer.from(await answer.arrayBuffer()))
  // The token must be over this signature: its nonce and imprint are inside the signed TSTInfo.
  if (!token.includes(imprint) || !token.includes(element(0x02, nonce)))
    throw new TimestampError('the token does not cover this signature (imprint or nonce differ)')
  return token
}
