// The database's budgets count per calendar minute (rate_limits.window_start): hits straddling a
// minute's end fall into two windows, and a test expecting its limit reached would pass or fail by
// the clock. A busy machine takes seconds over a burst, so such a test starts early in a minute.

/** Resolves at once when at least `seconds` of the current calendar minute are left, else when the next begins. */
export async function startEarlyInMinute(seconds = 40): Promise<void> {
  const left = 60 - ((Date.now() / 1000) % 60)
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100))
}
