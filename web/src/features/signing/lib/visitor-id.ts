// One id per visitor session (tab), so that reloading the page does not count as a new visit:
// the gateway records « consulté » once per id.
const KEY = 'paraphe.signing-visitor'

/** What we need of sessionStorage; null when the browser refuses it (private modes, policies). */
export type VisitorStorage = Pick<Storage, 'getItem' | 'setItem'> | null

/** The session's visitor id, made on first use (a random UUID, which the gateway accepts). */
export function visitorId(storage: VisitorStorage, random: () => string = () => crypto.randomUUID()): string {
  try {
    const known = storage?.getItem(KEY)
    if (known != null && /^[A-Za-z0-9-]{8,64}$/.test(known)) return known
    const made = random()
    storage?.setItem(KEY, made)
    return made
  } catch {
    // Storage refused: this visit still gets an id, the next one another (one more « consulté »).
    return random()
  }
}
