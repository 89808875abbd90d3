// Named route guards. A route lists guard names; an unknown name is a programming error and
// throws when the routes are built, so it cannot ship unnoticed.

export interface GuardContext {
  path: string
}

/** A guard returns null to let the visitor in, or the path to send them to instead. */
export type RouteGuard = (context: GuardContext) => string | null

export type GuardRegistry = Readonly<Record<string, RouteGuard>>

export function resolveGuard(name: string, registry: GuardRegistry): RouteGuard {
  const guard = Object.hasOwn(registry, name) ? registry[name] : undefined
  if (guard === undefined) throw new Error(`Unknown route guard: ${name}`)
  return guard
}

/** Runs guards in order; the first redirect wins. */
export function runGuards(
  names: readonly string[],
  registry: GuardRegistry,
  context: GuardContext
): string | null {
  for (const guard of names.map((name) => resolveGuard(name, registry))) {
    const redirect = guard(context)
    if (redirect !== null) return redirect
  }
  return null
}
