// The CMS signature of a PAdES baseline seal (ETSI EN 319 142-1, B-B level), built here because
// @signpdf's P12Signer makes a plain PKCS#7 one: it adds a signing-time attribute, which PAdES
// forbids (the time belongs in the signature dictionary's /M), and lacks the
// signing-certificate-v2 attribute that PAdES requires (it binds the signer's certificate to the
// signature, so that no other certificate with the same key can be substituted).
import { createHash, sign } from 'node:crypto'
import { Signer } from '@signpdf/utils'
import {
  children,
  element,
  type DerElement,
  objectIdentifier,
  octetString,
  nullValue,
  readElement,
  sequence,
  set,
  setContent,
  smallInteger,
  tagged
} from './der.js'
import type { SealKeys } from './p12.js'
import { fetchSignatureTimestamp, SIGNATURE_TIMESTAMP_OID } from './timestamp.js'

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2'
} as const

const sha256 = (bytes: Buffer): Buffer => createHash('sha256').update(bytes).digest()
const attribute = (type: string, value: Buffer): Buffer => sequence(objectIdentifier(type), set(value))

/** The issuer's name and the serial number, as encoded in the certificate. */
function issuerAndSerial(certificateDer: Buffer): { issuer: Buffer; serial: Buffer } {
  // Certificate ::= SEQUENCE { tbsCertificate, … }; the certificate was parsed by OpenSSL already.
  const tbs = children(readElement(certificateDer))[0] as DerElement
  const fields = children(tbs)
  // An optional [0] version, then serialNumber, signature algorithm, issuer.
  const first = fields[0]?.tag === 0xa0 ? 1 : 0
  return { serial: (fields[first] as DerElement).bytes, issuer: (fields[first + 2] as DerElement).bytes }
}

/** Signs the bytes @signpdf hands over (the document without the signature's hex). */
export class CadesSigner extends Signer {
  /** With `tsaUrl`, the signature carries an RFC 3161 timestamp from that authority (PAdES B-T). */
  constructor(
    private readonly keys: SealKeys,
    private readonly tsaUrl: string | null = null
  ) {
    super()
  }

  // The signing time @signpdf passes is not used: it is in the signature dictionary's /M.
  override async sign(content: Buffer): Promise<Buffer> {
    const { privateKey, certificate, chain } = this.keys
    const certificateDer = certificate.raw
    const { issuer, serial } = issuerAndSerial(certificateDer)

    // ESSCertIDv2 with the default hash algorithm (SHA-256, so left out as DER requires) and
    // the issuer (as a directoryName GeneralName) with the serial number.
    const essCertId = sequence(octetString(sha256(certificateDer)), sequence(sequence(tagged(4, issuer)), serial))
    const signedAttributes = setContent([
      attribute(OID.contentType, objectIdentifier(OID.data)),
      attribute(OID.messageDigest, octetString(sha256(content))),
      attribute(OID.signingCertificateV2, sequence(sequence(essCertId)))
    ])
    // The signature covers the attributes encoded as a SET (RFC 5652 5.4); they are stored as [0].
    const rsa = privateKey.asymmetricKeyType === 'rsa'
    const signature = sign('sha256', element(0x31, signedAttributes), privateKey)
    const signatureAlgorithm = rsa
      ? sequence(objectIdentifier(OID.rsaEncryption), nullValue())
      : sequence(objectIdentifier(OID.ecdsaWithSha256))

    const digestAlgorithm = sequence(objectIdentifier(OID.sha256))
    // The timestamp covers the signature value; it is an unsigned attribute, [1] IMPLICIT SET.
    const unsignedAttributes =
      this.tsaUrl === null ? [] : [tagged(1, attribute(SIGNATURE_TIMESTAMP_OID, await fetchSignatureTimestamp(this.tsaUrl, signature)))]
    const signerInfo = sequence(
      smallInteger(1),
      sequence(issuer, serial),
      digestAlgorithm,
      tagged(0, signedAttributes),
      signatureAlgorithm,
      octetString(signature),
      ...unsignedAttributes
    )
    const signedData = sequence(
      smallInteger(1),
      set(digestAlgorithm),
      // Detached: the content type only, the document itself stays in the PDF.
      sequence(objectIdentifier(OID.data)),
      tagged(0, Buffer.concat(chain.map((item) => item.raw))),
      set(signerInfo)
    )
    return sequence(objectIdentifier(OID.signedData), tagged(0, signedData))
  }
}
