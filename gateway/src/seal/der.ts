// The few DER pieces the CMS signature needs. Written by hand rather than through node-forge's
// ASN.1 objects so that certificates and names are embedded byte for byte as they were issued
// (re-encoding a certificate can change it and break its issuer's signature).

/** One element: its tag, its whole encoding and its content. */
export interface DerElement {
  tag: number
  /** The whole element: tag, length and content. */
  bytes: Buffer
  content: Buffer
}

function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length])
  const digits: number[] = []
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) digits.unshift(rest % 256)
  return Buffer.from([0x80 | digits.length, ...digits])
}

export function element(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), lengthBytes(content.length), content])
}

export const sequence = (...items: Buffer[]): Buffer => element(0x30, Buffer.concat(items))

/** The content of a DER `SET OF`: its elements in ascending order of their encodings (X.690 11.6). */
export const setContent = (items: Buffer[]): Buffer => Buffer.concat([...items].sort((a, b) => Buffer.compare(a, b)))
export const set = (...items: Buffer[]): Buffer => element(0x31, setContent(items))

/** `[n]` context-specific and constructed: EXPLICIT tagging, or IMPLICIT over a SET/SEQUENCE. */
export const tagged = (n: number, content: Buffer): Buffer => element(0xa0 | n, content)

export const octetString = (bytes: Buffer): Buffer => element(0x04, bytes)
export const nullValue = (): Buffer => Buffer.from([0x05, 0x00])

/** An INTEGER from 0 to 127 (the structures' version numbers). */
export const smallInteger = (value: number): Buffer => element(0x02, Buffer.from([value]))

export function objectIdentifier(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number)
  const [first = 0, second = 0, ...rest] = arcs
  const bytes: number[] = []
  for (const arc of [first * 40 + second, ...rest]) {
    const digits = [arc & 0x7f]
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) digits.unshift(0x80 | (value & 0x7f))
    bytes.push(...digits)
  }
  return element(0x06, Buffer.from(bytes))
}

/**
 * Reads the element starting at `offset`. Only used on certificates OpenSSL has already parsed
 * (X509Certificate.raw), hence no checks for malformed input.
 */
export function readElement(source: Buffer, offset = 0): DerElement {
  const tag = source[offset] as number
  let length = source[offset + 1] as number
  let header = 2
  if (length >= 0x80) {
    const count = length & 0x7f
    length = source.readUIntBE(offset + 2, count)
    header += count
  }
  const end = offset + header + length
  return { tag, bytes: source.subarray(offset, end), content: source.subarray(offset + header, end) }
}

/** The elements inside a constructed one. */
export function children(parent: DerElement): DerElement[] {
  const items: DerElement[] = []
  for (let offset = 0; offset < parent.content.length;) {
    const child = readElement(parent.content, offset)
    items.push(child)
    offset += child.bytes.length
  }
  return items
}
