import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

/** A dependency requests need (the database, the auth server…): resolves true when usable. */
export type ReadinessCheck = () => Promise<boolean>
export type CheckResult = 'ok' | 'failed' | 'timeout'

export interface Readiness {
  add: (name: string, check: ReadinessCheck) => void
  /** Runs every check (each bounded by a timeout) and reports each one. */
  run: () => Promise<Record<string, CheckResult>>
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness
  }
}

const CHECK_TIMEOUT_MS = 2000

export default fp(
  async function readiness(fastify: FastifyInstance) {
    const checks = new Map<string, ReadinessCheck>()
    fastify.decorate('readiness', {
      add: (name, check) => void checks.set(name, check),
      run: async () => {
        const entries = await Promise.all(
          [...checks].map(async ([name, check]) => {
            let timer: NodeJS.Timeout | undefined
            const timeout = new Promise<CheckResult>((resolve) => (timer = setTimeout(resolve, CHECK_TIMEOUT_MS, 'timeout')))
            const outcome = check().then<CheckResult, CheckResult>((ok) => (ok ? 'ok' : 'failed'), () => 'failed')
            const result = await Promise.race([outcome, timeout])
            clearTimeout(timer)
            if (result !== 'ok') fastify.log.warn({ check: name, result }, 'not ready')
            return [name, result] as const
          })
        )
        return Object.fromEntries(entries)
      }
    } satisfies Readiness)
  },
  { name: 'readiness' }
)
