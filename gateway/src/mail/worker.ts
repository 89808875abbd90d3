// Sends what the outbox holds. Safe with several gateways on one database, and across restarts:
//
// 1. Claim one due message in a short transaction (`for update skip locked`, so two instances
//    never take the same row): its attempt is counted and its next_attempt_at is pushed a lease
//    into the future. Nobody else takes it during the lease; if this instance dies, the lease
//    expires and another one (or this one, restarted) takes it again.
// 2. Send it over SMTP, outside any transaction (every SMTP wait is bounded well under the lease).
// 3. Mark it sent — or schedule the next attempt with back-off, or give it up as `failed` after
//    the last attempt (it stays in the table, with its last error, for the operator).
//
// The one window where a message can go out twice: the SMTP server has accepted it, and the
// instance dies (or loses the database) before step 3 commits. The window is kept as small as we
// can: step 3 is a single-row update right after the server's answer, a failed update is retried
// from memory before anything else (the lease protects the row meanwhile), and a repeat carries
// the same Message-ID, which mail services use to show it once.
//
// Without SMTP (development), nothing is claimed: messages stay pending, and the content of
// each is logged once per process, links included, so a developer can follow them.
import { PLANS, planAllows } from '@paraphe/shared/plans'
import { PAID_STATUSES } from '../plans/paid-statuses.js'
import type { Database } from '../db/database.js'
import type { Mailer, OutgoingEmail } from './mailer.js'
import { companyDisplayName } from './sender-name.js'
import { CREDENTIAL_BEARING_KINDS, ERASED_BODY, type EmailAttachment } from './outbox.js'
import { MAX_ATTEMPTS, retryDelayMs } from './retry-delay.js'
import { leaseClaim } from '../queue/lease-claim.js'
import { createPollingWorker, type PollingWorker, type WorkerLog } from '../queue/polling-worker.js'

export const DEFAULT_POLL_INTERVAL_MS = 5_000
/** Far above the longest possible send (see SMTP_TIMEOUTS_MS). */
export const DEFAULT_LEASE_MS = 5 * 60_000
/** Messages sent in one pass before the worker yields (it goes on at once if more are due). */
export const DEFAULT_BATCH_SIZE = 50
const ERROR_TEXT_MAX = 1_000

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

/** Plans whose companies send from their own address (read at each claim: a downgrade stops it). */
const CUSTOM_SENDER_PLANS = PLANS.filter((plan) => planAllows(plan, 'customSender')).map((plan) => plan.id)

interface PendingRow {
  id: number
  kind: string
  recipient: string
  subject: string
  text_body: string
}

/** `refused`: this message only, go on with the next; `stop`: the server or the database is down. */
type Outcome = 'sent' | 'refused' | 'stop'

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.slice(0, ERROR_TEXT_MAX)
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
        : { name: companyDisplayName(row.company_name ?? '') ?? row.sender_address, address: row.sender_address, selector: row.dkim_selector, privateKey: row.dkim_private_key },
    attachments: row.attachments,
    key: `outbox.${row.id}.${new Date(row.created_at).getTime()}`
  }
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, log } = options
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  const delayAfter = options.retryDelayMs ?? ((attempts: number) => retryDelayMs(attempts))
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE

  /** Sent, but the update saying so has not committed yet. */
  const unmarked = new Set<number>()
  /** Without SMTP: messages whose content this process has already logged. */
  const logged = new Set<number>()

  /** `tried`: messages already attempted in this pass, never twice in one. */
  async function claim(tried: readonly number[]): Promise<ClaimedRow | null> {
    return db.transaction(async (tx) => {
      // An e-mail in the company's name (sender_name set) leaves from its own address when that
      // address is confirmed, its DKIM key found in DNS and its plan includes it — as they are
      // at this attempt, not when the e-mail was queued.
      const result = await tx.query<ClaimedRow>(
        `${leaseClaim('outbox', 'id, kind, recipient, subject, text_body, html_body, reply_to, sender_name, attachments, attempts, created_at, company_id')}
         select claimed.id, kind, recipient, subject, text_body, html_body, reply_to, sender_name, attachments, attempts, claimed.created_at,
                s.address as sender_address, s.dkim_selector, s.dkim_private_key,
                (select p.company_name from paraphe.profiles p where p.company_id = s.company_id) as company_name
           from claimed
           left join paraphe.company_senders s
             on s.company_id = claimed.company_id and claimed.sender_name is not null
            and s.confirmed_at is not null and s.dkim_found
            and exists (select 1 from paraphe.subscriptions sub
                         where sub.company_id = claimed.company_id and sub.status = any($3::text[]) and sub.plan_id = any($4::text[]))`,
        [leaseMs, tried, PAID_STATUSES, CUSTOM_SENDER_PLANS]
      )
      return result.rows[0] ?? null
    })
  }

  async function markSent(id: number): Promise<void> {
    await db.query(
      `update paraphe.outbox
          set status = 'sent', sent_at = now(), last_error = null,
              text_body = case when kind = any($2::text[]) then $3 else text_body end,
              html_body = case when kind = any($2::text[]) then $3 else html_body end
        where id = $1`,
      [id, CREDENTIAL_BEARING_KINDS, ERASED_BODY]
    )
  }

  async function flushUnmarked(): Promise<void> {
    for (const id of [...unmarked]) {
      await markSent(id)
      unmarked.delete(id)
      log.info({ outboxId: id }, 'e-mail marked sent after a database failure')
    }
  }

  async function recordFailure(row: ClaimedRow, error: unknown): Promise<void> {
    const final = row.attempts >= maxAttempts
    const delayMs = final ? 0 : Math.max(0, Math.round(delayAfter(row.attempts)))
    await db.query(
      `update paraphe.outbox
          set status = $2, last_error = $3, next_attempt_at = now() + $4::integer * interval '1 millisecond'
        where id = $1 and status = 'pending'`,
      [row.id, final ? 'failed' : 'pending', errorText(error), delayMs]
    )
    const details = { outboxId: row.id, kind: row.kind, attempts: row.attempts, error: errorText(error) }
    if (final) log.error(details, 'e-mail given up after its last attempt (status failed)')
    else log.warn({ ...details, retryInMs: delayMs }, 'e-mail not sent, will retry')
  }

  async function deliver(sender: Mailer, row: ClaimedRow): Promise<Outcome> {
    try {
      await sender.send(outgoing(row))
    } catch (error) {
      await recordFailure(row, error)
      return refusedThisMessage(error) ? 'refused' : 'stop'
    }
    try {
      await markSent(row.id)
    } catch (error) {
      // Retried before anything else; the lease keeps other instances off the row meanwhile.
      unmarked.add(row.id)
      log.error({ outboxId: row.id, err: error }, 'e-mail sent but not yet marked sent: will retry the update')
      return 'stop'
    }
    log.info({ outboxId: row.id, kind: row.kind, attempts: row.attempts }, 'e-mail sent')
    return 'sent'
  }

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

  async function pass(running: () => boolean): Promise<boolean> {
    await flushUnmarked()
    if (mailer === null) return logUnsent()
    const tried: number[] = []
    while (tried.length < batchSize) {
      if (!running()) return false
      const row = await claim(tried)
      if (row === null) return false
      tried.push(row.id)
      // An unreachable server fails every message alike: the others wait for the next pass.
      if ((await deliver(mailer, row)) === 'stop') return false
    }
    return true
  }

  const worker = createPollingWorker({
    name: 'outbox',
    pollIntervalMs,
    pass,
    log,
    afterStop: async () => {
      await flushUnmarked().catch((error: unknown) =>
        log.error({ err: error, outboxIds: [...unmarked] }, 'e-mails sent but not marked: they may be sent again')
      )
      mailer?.close()
    }
  })
  let started = false
  return {
    ...worker,
    start() {
      if (!started && mailer === null) log.warn({}, 'no SMTP server configured: e-mails stay in the outbox and their content is logged')
      started = true
      worker.start()
    }
  }
}
