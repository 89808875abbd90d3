// Queuing an e-mail: one row in paraphe.outbox, written in the caller's transaction, so the
// e-mail exists exactly when what caused it was committed. The worker (worker.ts) sends it.
import type { Queryable } from '../db/database.js'

export interface EmailAttachment {
  filename: string
  contentType: string
  /** The file's bytes, base64-encoded (the outbox keeps attachments as JSON). */
  contentBase64: string
  /** Set for an image the HTML shows inline (`<img src="cid:…">`), such as the company's logo. */
  cid?: string
}

export interface OutboxMessage {
  /** The account the e-mail is sent for; null for the site's own e-mails (contact form). */
  companyId: string | null
  /** What the e-mail is (`contact`, `signing-request`…), for logs and statistics. */
  kind: string
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string | null
  attachments?: readonly EmailAttachment[]
  /** The From display name (`sender-name.ts`); null or absent: the site's. */
  senderName?: string | null
}

/**
 * E-mails whose body carries a credential: a link token (sign-up confirmation, password reset,
 * the client's signing link and its reminders, the invoice link and its reminders, an invitation to a company) or a signing code. Those tokens are stored only as
 * hashes everywhere else, so once such an e-mail has left, its body is erased from the outbox
 * (worker.ts): a database dump or backup then holds no usable link. Unsent ones keep their body,
 * which the local mailbox page and the retries need.
 */
export const CREDENTIAL_BEARING_KINDS: readonly string[] = [
  'account-confirmation',
  'account-recovery',
  'signing-request',
  'quote-reminder',
  'signing-code',
  'company-invitation',
  'invoice',
  'invoice-reminder'
]

/** What an erased body says instead, for an operator reading the outbox. */
export const ERASED_BODY = '(effacé après l’envoi : contenait un lien ou un code personnel)'

/** Subjects are one header line: line breaks and control characters become spaces. */
export function singleLine(text: string): string {
  return text.replace(/[\s\p{Cc}]+/gu, ' ').trim()
}

/**
 * Queues `message` inside `tx` (a plain transaction, or `asUser` — the outbox lets a user insert
 * rows in their own name, never read them, hence no RETURNING).
 */
export async function enqueueEmail(tx: Queryable, message: OutboxMessage): Promise<void> {
  const to = message.to.trim()
  if (to === '') throw new Error(`enqueueEmail: e-mail "${message.kind}" has no recipient`)
  await tx.query(
    `insert into paraphe.outbox (company_id, kind, recipient, subject, text_body, html_body, reply_to, attachments, sender_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)`,
    [
      message.companyId,
      message.kind,
      to,
      singleLine(message.subject),
      message.text,
      message.html,
      message.replyTo ?? null,
      JSON.stringify(message.attachments ?? []),
      message.senderName ?? null
    ]
  )
}
