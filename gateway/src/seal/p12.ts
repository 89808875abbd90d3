// Opens a PKCS#12 file (.p12/.pfx) into what signing needs: the private key as a Node KeyObject
// (so that signatures use OpenSSL, not pure JavaScript) and the certificates as issued.
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto'
import forge from 'node-forge'

import { SealCertificateError } from './seal-certificate-error.js'

export { SealCertificateError } from './seal-certificate-error.js'

export interface SealKeys {
  privateKey: KeyObject
  /** The certificate of the private key. */
  certificate: X509Certificate
  /** Every certificate of the file, the signer's first (its chain, when the file holds one). */
  chain: X509Certificate[]
}

/** How to name the file and its passphrase in messages: variables, or paths. */
export interface P12Labels {
  file: string
  passphrase: string
}

const binary = (bytes: forge.util.ByteStringBuffer): Buffer => Buffer.from(bytes.getBytes(), 'binary')

/** The bags of one type: forge keys them by type, with RSA keys and certificates decoded. */
function bags(p12: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] {
  return p12.getBags({ bagType })[bagType] ?? []
}

function keyDer(bag: forge.pkcs12.Bag): Buffer {
  // forge decodes RSA keys only; for other types (EC) it leaves the PrivateKeyInfo as ASN.1.
  const info = bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)) : bag.asn1
  return binary(forge.asn1.toDer(info))
}

function certificateDer(bag: forge.pkcs12.Bag): Buffer {
  return binary(forge.asn1.toDer(bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1))
}

export function openP12(p12: Buffer, passphrase: string, labels: P12Labels): SealKeys {
  let pfx: forge.pkcs12.Pkcs12Pfx
  try {
    const asn1 = forge.asn1.fromDer(p12.toString('binary'))
    pfx = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    if (/password|MAC could not be verified/i.test(reason)) {
      throw new SealCertificateError(`${labels.passphrase} does not open ${labels.file}: wrong passphrase (${reason})`)
    }
    throw new SealCertificateError(`${labels.file} is not a readable PKCS#12 (.p12/.pfx) file: ${reason}`)
  }

  const keyBags = [...bags(pfx, forge.pki.oids.pkcs8ShroudedKeyBag as string), ...bags(pfx, forge.pki.oids.keyBag as string)]
  const keyBag = keyBags[0]
  if (keyBag === undefined)
    throw new SealCertificateError(`${labels.file} holds no private key: export the certificate together with its key`)
  const privateKey = createPrivateKey({ key: keyDer(keyBag), format: 'der', type: 'pkcs8' })
  if (privateKey.asymmetricKeyType !== 'rsa' && privateKey.asymmetricKeyType !== 'ec') {
    throw new SealCertificateError(`${labels.file}: ${String(privateKey.asymmetricKeyType)} keys are not supported, use an RSA or EC key`)
  }

  const certificates = bags(pfx, forge.pki.oids.certBag as string).map((bag) => new X509Certificate(certificateDer(bag)))
  const certificate = certificates.find((candidate) => candidate.checkPrivateKey(privateKey))
  if (certificate === undefined) throw new SealCertificateError(`${labels.file} holds no certificate for its private key`)
  const chain = [certificate, ...certificates.filter((candidate) => candidate.fingerprint256 !== certificate.fingerprint256)]
  return { privateKey, certificate, chain }
}
