// The queues' doors as the domain sees them: a domain function that queued an e-mail, a webhook
// event or a job calls one once its transaction committed, so the row is handled now rather than
// at the next poll (called earlier, the runner would not see the row yet). Routes never call them:
// the domain function that queued the work does.

export interface QueueWake {
  outbox: () => void
  webhooks: () => void
  jobs: () => void
}
