/**
 * A value built on first use, then kept. For costly objects a module would otherwise build as it
 * loads (Intl formatters: tens of milliseconds each on a slow phone), so a page pays only for the
 * ones it shows.
 */
export function lazyValue<T>(make: () => T): () => T {
  let value: { made: T } | undefined
  return () => (value ??= { made: make() }).made
}
