// The few autocannon fields the benchmarks read (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    /** Requests per second over all connections (default: as fast as answered). */
    overallRate?: number
  }
  interface Result {
    requests: { average: number; total: number }
    latency: { p50: number; p99: number }
    non2xx: number
    errors: number
  }
  export default function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): unknown
}
