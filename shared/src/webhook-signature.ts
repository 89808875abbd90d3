// How a webhook is signed (the gateway, signWebhook) and how a receiver checks it (verifyWebhook).
// verifyWebhook is quoted as is by the README and the API reference page, and the delivery test
// checks the received requests with it: the documented snippet is the tested one. Node only.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** `Paraphe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${v1}`
}

// Receiving a Paraphe webhook: `body` is the request's raw text (before any JSON parsing),
// `header` its Paraphe-Signature header, `secret` the endpoint's whsec_… secret.
export function verifyWebhook(secret: string, body: string, header: string, now = Date.now()): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]))
  const timestamp = Number(parts.get('t'))
  // Older than 5 minutes (or from the future): refused, so a captured request cannot be replayed later.
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > 300) return false
  const received = Buffer.from(parts.get('v1') ?? '', 'hex')
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest()
  return received.length === expected.length && timingSafeEqual(received, expected)
}
