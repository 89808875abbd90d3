// After the signature is committed: the signed copy is composed, sealed, stored and e-mailed to
// both parties, in one transaction. Safe to run again: a quote already sealed is left alone, so
// a crash between the signature and the seal is repaired by running it later.
import type { Log } from '../logging.js'
import { paths } from '@paraphe/shared/paths'
import type { Config } from '../config.js'
import type { Database, Queryable } from '../db/database.js'
import { enqueueEmail } from '../mail/outbox.js'
import { signedCopyEmail } from '../mail/templates/signed-copy.js'
import { quotePdfName } from '../pdf/file-name.js'
import type { SealCertificate } from '../seal/signing-certificate.js'
import { documentOf } from './quote-document.js'
import { QUOTE_COLUMNS, type QuoteRow } from './quote-rows.js'
import { sha256Hex } from './quote-pdf-cache.js'
import type { Stroke } from '@paraphe/shared/signature-drawing'
import { sealSignedPdfOffThread } from '../workers/pdf-pool.js'
import type { EvidenceEvent, ViewSummary } from '../pdf/signed-pdf.js'
import { senderNameFor } from '../mail/sender-name.js'
import { queueDepositAtSignature } from '../invoices/deposit-at-signature.js'
import type { QueueWake } from '../queue/queue-wake.js'

interface SignatureRow {
  company_id: string
  signer_name: string
  signer_email: string
  method: 'drawn' | 'typed'
  strokes: { strokes: Stroke[]; padWidth: number; padHeight: number; preWorkAcknowledged: boolean } | null
  typed_text: string | null
  mention: string
  client_ip: string | null
  user_agent: string | null
  document_sha256: string
  otp_verified: boolean
  signed_at: Date
}

export interface CompletionContext {
  db: Database
  config: Config
  certificate: SealCertificate
  log: Log
  wake: QueueWake
}

/** Views printed one by one in the evidence; the rest are summed up (anyone holding the link can add views). */
export const DETAILED_VIEWS = 10

async function evidenceEvents(tx: Queryable, quoteId: string): Promise<{ events: EvidenceEvent[]; views: ViewSummary }> {
  // Every event but the views past the first DETAILED_VIEWS, each part through its own partial
  // index, and the views' totals kept as they were recorded (migration 0014): the seal reads the
  // same few rows after 2 views or 5 000.
  const { rows } = await tx.query<{ type: string; occurred_at: Date; data: Record<string, unknown> }>(
    `select type, occurred_at, data from (
       (select id, type, occurred_at, data from paraphe.quote_events where quote_id = $1 and type <> 'viewed')
       union all
       (select id, type, occurred_at, data from paraphe.quote_events where quote_id = $1 and type = 'viewed' order by id limit $2)
     ) events order by id`,
    [quoteId, DETAILED_VIEWS]
  )
  const summary = await tx.query<{ count: number; first: Date | null; last: Date | null; devices: number; addresses: number }>(
    'select views as count, first_at as first, last_at as last, devices, addresses from paraphe.quote_view_stats where quote_id = $1',
    [quoteId]
  )
  const views = summary.rows[0]
  const events = rows.map((row) => ({
    type: row.type,
    occurredAt: row.occurred_at,
    ip: typeof row.data.ip === 'string' ? row.data.ip : null,
    userAgent: typeof row.data.userAgent === 'string' ? row.data.userAgent : null
  }))
  return {
    events,
    views:
      views === undefined || views.first === null || views.last === null
        ? { count: 0, detailed: 0, first: null, last: null, devices: 0, addresses: 0 }
        : {
            count: views.count,
            detailed: Math.min(views.count, DETAILED_VIEWS),
            first: views.first,
            last: views.last,
            devices: views.devices,
            addresses: views.addresses
          }
  }
}

/**
 * Seals the signed copy of `quoteId`, queues its e-mails (and the deposit invoice when the company
 * has it made at signature) and wakes what it queued; returns its SHA-256, or null when it was
 * already sealed.
 */
export async function completeSignature(context: CompletionContext, quoteId: string): Promise<string | null> {
  const { db, config, certificate } = context
  // Everything read in one short transaction; the CPU work happens outside any transaction.
  const read = await db.transaction(async (tx) => {
    const done = await tx.query('select 1 from paraphe.signed_documents where quote_id = $1', [quoteId])
    if (done.rows.length > 0) return null
    const quote = await tx.query<QuoteRow>(`select ${QUOTE_COLUMNS} from paraphe.quotes where id = $1`, [quoteId])
    const signature = await tx.query<SignatureRow>('select * from paraphe.signatures where quote_id = $1', [quoteId])
    const row = quote.rows[0]
    const signed = signature.rows[0]
    if (row === undefined || signed === undefined) throw new Error(`quote ${quoteId} has no signature to seal`)
    return { document: await documentOf(tx, row), signed, ...(await evidenceEvents(tx, quoteId)) }
  })
  if (read === null) return null
  const { document, signed, events, views } = read
  const drawing = signed.strokes
  // Composed and sealed on a worker thread: seconds of CPU for a long quote stay off the event loop.
  const sealed = await sealSignedPdfOffThread(
    {
      document,
      signature: {
        signerName: signed.signer_name,
        signerEmail: signed.signer_email,
        method: signed.method,
        strokes: drawing?.strokes ?? null,
        padWidth: drawing?.padWidth ?? null,
        padHeight: drawing?.padHeight ?? null,
        typedText: signed.typed_text,
        mention: signed.mention,
        preWorkAcknowledged: drawing?.preWorkAcknowledged ?? document.quote.buildingTrade,
        otpVerified: signed.otp_verified,
        signedAt: signed.signed_at,
        clientIp: signed.client_ip ?? '',
        userAgent: signed.user_agent ?? '',
        documentSha256: signed.document_sha256
      },
      events,
      views,
      verificationUrl: new URL(paths.verification.href(), config.site.siteUrl).href,
      selfSignedSeal: certificate.selfSigned,
      siteName: config.site.siteName,
      timestampAuthority: config.signing.tsaUrl === null ? null : new URL(config.signing.tsaUrl).host
    },
    certificate,
    {
      reason: 'Scellement du devis signé',
      location: config.site.siteUrl.host,
      contactInfo: config.runtime.operator.email,
      name: `${config.site.siteName} – cachet serveur`,
      signingTime: signed.signed_at,
      ...(config.signing.tsaUrl === null ? {} : { tsaUrl: config.signing.tsaUrl })
    }
  )
  const sha256 = sha256Hex(sealed)
  const stored = await db.transaction(async (tx) => {
    const inserted = await tx.query(
      `insert into paraphe.signed_documents (quote_id, company_id, pdf, sha256, original_sha256) values ($1, $2, $3, $4, $5)
       on conflict (quote_id) do nothing`,
      [quoteId, signed.company_id, Buffer.from(sealed), sha256, signed.document_sha256]
    )
    // Another gateway sealed it in the meantime: its e-mails are already queued.
    if (inserted.rowCount === 0) return null
    const attachment = {
      filename: quotePdfName(document.quote, true),
      contentType: 'application/pdf',
      contentBase64: Buffer.from(sealed).toString('base64')
    }
    for (const recipient of ['client', 'professional'] as const) {
      const to = recipient === 'client' ? signed.signer_email : document.company.email
      if (to.trim() === '') continue
      await enqueueEmail(tx, {
        companyId: signed.company_id,
        kind: `signed-copy-${recipient}`,
        to,
        replyTo: recipient === 'client' ? document.company.email || null : null,
        senderName: recipient === 'client' ? senderNameFor(document.company.companyName, config.site.siteName) : null,
        attachments: [attachment],
        ...signedCopyEmail(
          recipient,
          document.quote,
          document.company,
          signed.signer_name,
          signed.signed_at,
          config.site,
          new URL(paths.quote.href(quoteId), config.site.siteUrl).href
        )
      })
    }
    // The deposit invoice, when the company has it issued and sent at signature.
    return { depositQueued: await queueDepositAtSignature(tx, signed.company_id, quoteId) }
  })
  if (stored === null) return null
  context.wake.outbox()
  // quote.signed is queued with the sealed copy (it carries its SHA-256).
  context.wake.webhooks()
  if (stored.depositQueued) context.wake.jobs()
  return sha256
}
