// Bounded HTTP load with autocannon (a plain JavaScript package without type declarations: the
// little of its API the tests use is typed here).
import { createRequire } from 'node:module'

export interface LoadResult {
  requests: { total: number }
  '2xx': number
  non2xx: number
  errors: number
  timeouts: number
}
interface Instance {
  stop: () => void
}
type Autocannon = (
  options: { url: string; connections: number; duration: number; timeout: number },
  done: (error: Error | null | undefined, result: LoadResult) => void
) => Instance

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

export interface RunningLoad {
  /** Ends the load; `result` resolves then. */
  stop: () => void
  result: Promise<LoadResult>
}

/** Load on `url` until stop() (or `maxSeconds`, the bound should a test go wrong). */
export function startLoad(url: string, connections = 8, maxSeconds = 180): RunningLoad {
  let instance: Instance | null = null
  const result = new Promise<LoadResult>((resolve, reject) => {
    instance = autocannon({ url, connections, duration: maxSeconds, timeout: 30 }, (error, outcome) =>
      error === null || error === undefined ? resolve(outcome) : reject(error)
    )
  })
  return { stop: () => instance?.stop(), result }
}
