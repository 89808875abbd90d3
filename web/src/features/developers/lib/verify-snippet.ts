// The receiver's verification of a webhook, as the reference page shows it: the text of
// verifyWebhook in shared/src/webhook-signature.ts (the function the delivery tests verify with),
// copied here because the page must not bundle node:crypto. developers-page.test checks that both
// texts, and the README's, are the same.
export const VERIFY_WEBHOOK_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto'

// Receiving a Paraphe webhook: \`body\` is the request's raw text (before any JSON parsing),
// \`header\` its Paraphe-Signature header, \`secret\` the endpoint's whsec_… secret.
export function verifyWebhook(secret: string, body: string, header: string, now = Date.now()): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]))
  const timestamp = Number(parts.get('t'))
  // Older than 5 minutes (or from the future): refused, so a captured request cannot be replayed later.
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > 300) return false
  const received = Buffer.from(parts.get('v1') ?? '', 'hex')
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${body}\`).digest()
  return received.length === expected.length && timingSafeEqual(received, expected)
}`
