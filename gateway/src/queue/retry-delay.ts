// When to try a message again after a failed attempt: 30 s, 1 min, 2 min… doubling up to one
// hour, with ±20 % jitter so that a backlog does not hit a recovering SMTP server all at once.
// With the default 12 attempts, a message is given up about 6 hours after its first try.

export const RETRY_BASE_MS = 30_000
export const RETRY_MAX_MS = 3_600_000
export const MAX_ATTEMPTS = 12

/** Delay before attempt number `attempts + 1`, `attempts` (≥ 1) having failed. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30))
  const nominal = Math.min(RETRY_BASE_MS * 2 ** exponent, RETRY_MAX_MS)
  return Math.round(Math.min(nominal * (0.8 + 0.4 * random()), RETRY_MAX_MS))
}
