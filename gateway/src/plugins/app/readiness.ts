import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

/** 'busy': the dependency answers but refuses more work for now (a full PDF queue). */
export type CheckResult = 'ok' | 'failed' | 'timeout' | 'busy' | 'stalled'
/** Resolves true (or a result) when usable; a throw counts as 'failed'. */
export type ReadinessCheck = () => Promise<boolean | CheckResult>

export interface ReadinessReport {
  /** Whether this process can serve: only `checks` decide it. */
  ready: boolean
  checks: Record<string, CheckResult>
  dependencies: Record<string, CheckResult>
}

export interface Readiness {
  /** Something without which this process cannot serve at all (the site in memory): a failure fails readiness. */
  require: (name: string, check: ReadinessCheck) => void
  /**
   * A shared dependency some routes need (database, auth server, SMTP, PDF processes): reported
   * for operators, never failing readiness. Every gateway shares it, so failing them all at once
   * would turn its outage into a total one; each route degrades on its own instead.
   * `everyMs`: its result is reused that long (a check that costs the dependency something).
   */
  watch: (name: string, check: ReadinessCheck, options?: { everyMs?: number }) => void
  run: () => Promise<ReadinessReport>
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness
  }
}

/** A dependency's check answers within this, so /readyz answers well within Caddy's 3 s health timeout. */
export const DEPENDENCY_TIMEOUT_MS = 1000
/** The event loop blocked this long: Caddy's probe (3 s timeout) would have failed meanwhile too. */
export const STALL_MS = 3000
/** After a stall, the process stays unready this long: one that stalls again and again stays out. */
export const STALL_MEMORY_MS = 5000
const TICK_MS = 250

function bounded(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<CheckResult>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'timeout')))
  const outcome = check().then<CheckResult, CheckResult>(
    (result) => (result === true ? 'ok' : result === false ? 'failed' : result),
    () => 'failed'
  )
  return Promise.race([outcome, timeout]).finally(() => clearTimeout(timer))
}

/** Watches the event loop's own lateness: a stall of STALL_MS or more is remembered STALL_MEMORY_MS. */
function eventLoopWatch(): { check: ReadinessCheck; stop: () => void } {
  let last = performance.now()
  let stalledAt = -Infinity
  const timer = setInterval(() => {
    const now = performance.now()
    if (now - last - TICK_MS >= STALL_MS) stalledAt = now
    last = now
  }, TICK_MS).unref()
  return {
    check: async () => (performance.now() - stalledAt < STALL_MEMORY_MS ? 'stalled' : 'ok'),
    stop: () => clearInterval(timer)
  }
}

export default fp(
  async function readiness(fastify: FastifyInstance) {
    const required = new Map<string, ReadinessCheck>()
    const watched = new Map<string, { check: ReadinessCheck; everyMs: number; last?: { at: number; result: Promise<CheckResult> } }>()
    const eventLoop = eventLoopWatch()
    required.set('eventLoop', eventLoop.check)
    fastify.addHook('onClose', async () => eventLoop.stop())

    // Probes come every second from each proxy: a line when a result changes, not one per probe.
    const previous = new Map<string, CheckResult>()
    const logChange = (kind: 'check' | 'dependency', name: string, result: CheckResult) => {
      if (previous.get(name) === result) return
      const first = !previous.has(name)
      previous.set(name, result)
      if (result !== 'ok') fastify.log.warn({ [kind]: name, result }, kind === 'check' ? 'not ready' : 'dependency unavailable')
      else if (!first) fastify.log.info({ [kind]: name }, kind === 'check' ? 'ready again' : 'dependency back')
    }
    const runAll = async <T>(entries: Array<[string, T]>, run: (name: string, entry: T) => Promise<CheckResult>) =>
      Object.fromEntries(await Promise.all(entries.map(async ([name, entry]) => [name, await run(name, entry)] as const)))

    fastify.decorate('readiness', {
      require: (name, check) => void required.set(name, check),
      watch: (name, check, options = {}) => void watched.set(name, { check, everyMs: options.everyMs ?? 0 }),
      run: async () => {
        const [checks, dependencies] = await Promise.all([
          runAll([...required], async (name, check) => {
            const result = await bounded(check, DEPENDENCY_TIMEOUT_MS)
            logChange('check', name, result)
            return result
          }),
          runAll([...watched], async (name, entry) => {
            const now = performance.now()
            if (entry.last === undefined || now - entry.last.at >= entry.everyMs)
              entry.last = { at: now, result: bounded(entry.check, DEPENDENCY_TIMEOUT_MS) }
            const result = await entry.last.result
            // Reported, not fatal: routes that need it answer 503 on their own.
            logChange('dependency', name, result)
            return result
          })
        ])
        return { ready: Object.values(checks).every((result) => result === 'ok'), checks, dependencies }
      }
    } satisfies Readiness)
  },
  { name: 'readiness' }
)
