// The queue workers' doors as the domain sees them: a domain function that queued an e-mail or a
// webhook event calls one once its transaction committed, so the row goes out now rather than at
// the next poll (called earlier, the worker would not see the row yet).

export interface QueueWake {
  outbox: () => void
  webhooks: () => void
}
