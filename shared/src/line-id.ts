// The one generator of quote line ids, used by the editor (new line) and the gateway (new draft,
// duplicate). crypto.randomUUID() exists only in secure contexts, and an instance may be served
// over plain HTTP on a local network; getRandomValues() always exists, in browsers and in Node.

type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => void

// Typed here: shared/ compiles without the DOM or Node type libraries.
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(bytes: Uint8Array<ArrayBuffer>): unknown } }).crypto

/** A random line id in UUID v4 form, which the API's line id pattern accepts. */
export function newLineId(random: RandomFill = (bytes) => void webCrypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(16)
  random(bytes)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
