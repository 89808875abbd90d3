// Sends what the outbox holds, on the leased queue (queue/leased-queue.ts: claim, lease, the
// « sent but not marked » set, back-off): this file says only how an e-mail goes out and how it
// is marked sent. A repeat after a crash in the one window (accepted by the server, not yet
// marked) carries the same Message-ID, which mail services use to show it once.
//
// Without SMTP (development), nothing is claimed: messages stay pending, and the content of
// each is logged once per process, links included, so a developer can follow them.
import { planAllowsSql, plansWith } from '../plans/plan-sql.js'
import type { Database } from '../db/database.js'
import type { Mailer, OutgoingEmail } from './mailer.js'
import { companyDisplayName } from './sender-name.js'
import { CREDENTIAL_BEARING_KINDS, ERASED_BODY, type EmailAttachment } from './outbox.js'
import { createLeasedQueue, errorText } from '../queue/leased-queue.js'
import { createPollingWorker, type PollingWorker, type WorkerLog } from '../queue/polling-worker.js'

export const DEFAULT_POLL_INTERVAL_MS = 5_000
/** Far above the longest possible send (see SMTP_TIMEOUTS_MS). */
export const DEFAULT_LEASE_MS = 5 * 60_000
/** Messages sent in one pass before the worker yields (it goes on at once if more are due). */
export const DEFAULT_BATCH_SIZE = 50

/** The logger's shape (pino's methods fit it). */
export type MailLog = WorkerLog

export interface OutboxWorkerOptions {
  /** Used as the gateway's owner role: the outbox has no policy that lets users read it. */
  db: Database
  /** null: no SMTP configured. */
  mailer: Mailer | null
  log: MailLog
  pollIntervalMs?: number
  /** Delay before the next attempt, after `attempts` failed ones. */
  retryDelayMs?: (attempts: number) => number
  leaseMs?: number
  maxAttempts?: number
  /** Messages per pass (see DEFAULT_BATCH_SIZE). */
  batchSize?: number
}

export type OutboxWorker = PollingWorker

interface ClaimedRow {
  id: number
  kind: string
  recipient: string
  subject: string
  text_body: string
  html_body: string
  reply_to: string | null
  sender_name: string | null
  attachments: EmailAttachment[]
  attempts: number
  created_at: Date | string
  /** The company's own sender, when this e-mail goes out in its name and the sender is active. */
  sender_address: string | null
  company_name: string | null
  dkim_selector: string | null
  dkim_private_key: string | null
}

interface PendingRow {
  id: number
  kind: string
  recipient: string
  subject: string
  text_body: string
}

/**
 * nodemailer's codes for a refusal of this one message (recipient or content); anything else
 * (connection, greeting, authentication) concerns the server, and every message would fail alike.
 */
function refusedThisMessage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'EENVELOPE' || code === 'EMESSAGE'
}

function outgoing(row: ClaimedRow): OutgoingEmail {
  return {
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    replyTo: row.reply_to,
    fromName: row.sender_name,
    sender:
      row.sender_address === null || row.dkim_selector === null || row.dkim_private_key === null
        ? null
        : {
            name: companyDisplayName(row.company_name ?? '') ?? row.sender_address,
            address: row.sender_address,
            selector: row.dkim_selector,
            privateKey: row.dkim_private_key
          },
    attachments: row.attachments,
    key: `outbox.${row.id}.${new Date(row.created_at).getTime()}`
  }
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, log } = options
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  /** Without SMTP: messages whose content this process has already logged. */
  const logged = new Set<number>()

  /** Resolves to true when more messages are waiting to be logged. */
  async function logUnsent(): Promise<boolean> {
    const result = await db.query<PendingRow>(
      `select id, kind, recipient, subject, text_body from paraphe.outbox
        where status = 'pending' and not (id = any($1::bigint[]))
        order by id limit $2`,
      [[...logged], batchSize]
    )
    for (const row of result.rows) {
      logged.add(row.id)
      log.info(
        { outboxId: row.id, kind: row.kind, to: row.recipient, subject: row.subject, text: row.text_body },
        'e-mail kept in the outbox: no SMTP server configured'
      )
    }
    return result.rows.length === batchSize
  }

  const worker = mailer === null ? createPollingWorker({ name: 'outbox', pollIntervalMs, pass: logUnsent, log }) : smtpQueue(mailer)
  let started = false
  return {
    ...worker,
    start() {
      if (!started && mailer === null) log.warn({}, 'no SMTP server configured: e-mails stay in the outbox and their content is logged')
      started = true
      worker.start()
    }
  }

  function smtpQueue(sender: Mailer): PollingWorker {
    return createLeasedQueue<number, ClaimedRow, true>({
      name: 'outbox',
      noun: 'e-mail',
      done: 'sent',
      idField: 'outboxId',
      table: 'outbox',
      db,
      log,
      pollIntervalMs,
      leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
      ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
      batchSize,
      // An e-mail in the company's name (sender_name set) leaves from its own address when that
      // address is confirmed, its DKIM key found in DNS and its plan includes it — as they are
      // at this attempt, not when the e-mail was queued.
      claim: {
        returning:
          'id, kind, recipient, subject, text_body, html_body, reply_to, sender_name, attachments, attempts, created_at, company_id',
        select: `select claimed.id, kind, recipient, subject, text_body, html_body, reply_to, sender_name, attachments, attempts, claimed.created_at,
                      s.address as sender_address, s.dkim_selector, s.dkim_private_key,
                      (select p.company_name from paraphe.profiles p where p.company_id = s.company_id) as company_name
                 from claimed
                 left join paraphe.company_senders s
                   on s.company_id = claimed.company_id and claimed.sender_name is not null
                  and s.confirmed_at is not null and s.dkim_found
                  and ${planAllowsSql('claimed.company_id', '$3')}`,
        params: [plansWith('customSender')]
      },
      async deliver(row) {
        try {
          await sender.send(outgoing(row))
          return { ok: true, receipt: true }
        } catch (error) {
          // An unreachable server fails every message alike: the others wait for the next pass.
          return { ok: false, error: errorText(error), stopPass: !refusedThisMessage(error) }
        }
      },
      async mark(id) {
        await db.query(
          `update paraphe.outbox
            set status = 'sent', sent_at = now(), last_error = null,
                text_body = case when kind = any($2::text[]) then $3 else text_body end,
                html_body = case when kind = any($2::text[]) then $3 else html_body end
          where id = $1`,
          [id, CREDENTIAL_BEARING_KINDS, ERASED_BODY]
        )
      },
      describe: (row) => ({ kind: row.kind }),
      afterStop: async () => sender.close()
    })
  }
}
