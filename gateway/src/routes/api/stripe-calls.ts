import { providerUnavailable } from '../../subscription/billing-problems.js'
import { ApiProblem } from '../../errors.js'

/** Stripe being down is not the user's fault nor a bug of ours: a 502 that says so. */
export async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ApiProblem) throw error
    throw providerUnavailable()
  }
}
