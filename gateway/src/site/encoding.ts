export type Encoding = 'br' | 'gzip' | 'identity'

/**
 * Picks the best encoding the client accepts among those available (br over gzip over
 * identity, which is always available), honouring q-values, `q=0` refusals and `*`.
 */
export function negotiateEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (header === undefined || header.trim() === '') return 'identity'
  const weights = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [rawName, ...params] = part.trim().split(';')
    const name = (rawName as string).trim() // split() always yields a first part
    if (name === '') continue
    let q = 1
    for (const param of params) {
      const [key, value] = param.trim().split('=')
      if (key === 'q' && value !== undefined) {
        const parsed = Number(value)
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0
      }
    }
    weights.set(name, q)
  }
  const weightOf = (encoding: Encoding): number => {
    const explicit = weights.get(encoding)
    if (explicit !== undefined) return explicit
    const star = weights.get('*')
    if (star !== undefined) return star
    // identity is acceptable unless refused explicitly (RFC 9110 §12.5.3), but only as a last
    // resort: a client that lists gzip prefers it to bytes it did not mention.
    return encoding === 'identity' ? 0.001 : 0
  }
  let best: Encoding | null = null
  let bestWeight = 0
  for (const encoding of available) {
    const weight = weightOf(encoding)
    if (weight > bestWeight) {
      best = encoding
      bestWeight = weight
    }
  }
  return best
}
