/**
 * A value built on first use, then kept: for costly objects a module would otherwise build as it
 * loads (Intl formatters), so a page pays only for the ones it uses.
 */
export function lazyValue<T>(make: () => T): () => T {
  let value: { made: T } | undefined
  return () => (value ??= { made: make() }).made
}
