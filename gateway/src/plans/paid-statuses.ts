// Stripe statuses that keep the paid plan (past_due: Stripe is still retrying the card). The
// only list in TypeScript: the plan checks, the jobs and the queues read it from here.

export const PAID_STATUSES = ['active', 'trialing', 'past_due'] as const

export function isPaidStatus(status: string): boolean {
  return (PAID_STATUSES as readonly string[]).includes(status)
}
