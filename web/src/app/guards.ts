// Named route guards. A route lists guard names; an unknown name is a programming error and
// throws when the routes are built, so it cannot ship unnoticed.
import type { RuntimeConfig } from '@paraphe/shared/runtime-config'

export interface GuardContext {
  path: string
  /** The query string (`?…` or empty), so a redirect can bring the visitor back to it. */
  search: string
  config: RuntimeConfig
}

/**
 * A guard returns null to let the visitor in, or the path to send them to instead. It may be
 * asynchronous (a session check); guards run in the browser after hydration, never in the
 * prerender.
 */
export type RouteGuard = (context: GuardContext) => string | null | Promise<string | null>

export type GuardRegistry = Readonly<Record<string, RouteGuard>>

export function resolveGuard(name: string, registry: GuardRegistry): RouteGuard {
  const guard = Object.hasOwn(registry, name) ? registry[name] : undefined
  if (guard === undefined) throw new Error(`Unknown route guard: ${name}`)
  return guard
}

/**
 * Checks one visit: runs the guards and calls `redirect` with the first redirect, unless the
 * returned cancel function was called first (the visitor already went elsewhere).
 */
export function guardVisit(
  names: readonly string[],
  registry: GuardRegistry,
  context: GuardContext,
  redirect: (to: string) => void
): () => void {
  let active = true
  void runGuards(names, registry, context).then((to) => {
    if (active && to !== null) redirect(to)
  })
  return () => {
    active = false
  }
}

/** Runs guards in order; the first redirect wins. */
export async function runGuards(names: readonly string[], registry: GuardRegistry, context: GuardContext): Promise<string | null> {
  for (const guard of names.map((name) => resolveGuard(name, registry))) {
    const redirect = await guard(context)
    if (redirect !== null) return redirect
  }
  return null
}
