// The leased queue every background runner uses (the e-mail outbox, the webhooks' deliveries, the
// job registry's jobs), safe with
// several gateways on one database and across restarts:
//
// 1. Claim one due row in a short transaction (`for update skip locked`, see lease-claim.ts): its
//    attempt is counted and its next_attempt_at pushed a lease ahead, so nobody else takes it; if
//    this gateway dies, the lease expires and another one takes it again.
// 2. Deliver it outside any transaction (each queue bounds its wait well under the lease).
// 3. Mark it done — or schedule the next attempt with back-off, or give it up as `failed` after
//    the last attempt (it stays in its table, with its last error, for the operator).
//
// The one window for a second delivery: the receiver accepted, and the gateway dies (or loses
// the database) before step 3 commits. It is kept small: step 3 is one single-row update right
// after the answer, and a failed update is retried from memory (the « unmarked » set) before
// anything else, the lease keeping the row meanwhile. Each queue gives its receivers an id that
// lets them drop a repeat (Message-ID, Paraphe-Event-Id).
import type { Database } from '../db/database.js'
import { leaseClaim, type QueueTable } from './lease-claim.js'
import { createPollingWorker, type PollingWorker, type WorkerLog } from './polling-worker.js'
import { MAX_ATTEMPTS, retryDelayMs } from './retry-delay.js'

const ERROR_TEXT_MAX = 1_000

/** A claimed row: the queue needs its id and the attempt it is at (this one counted). */
export interface QueueRow<Id> {
  id: Id
  attempts: number
}

/** Extra columns a failure records beside its error (the webhooks' last answer). */
export interface FailureColumns {
  last_status_code?: number | null
  response_excerpt?: string | null
}

export type Delivery<Receipt> =
  | { ok: true; receipt: Receipt }
  | {
      ok: false
      error: string
      columns?: FailureColumns
      /** Never retried (the plan no longer allows it), whatever the attempts left. */
      final?: boolean
      /** The receiver itself is down (an SMTP server): the other rows wait for the next pass. */
      stopPass?: boolean
      /** This row's own back-off (a job's definition), in place of the queue's. */
      retryInMs?: number
    }

export interface LeasedQueueOptions<Id extends string | number, Row extends QueueRow<Id>, Receipt> {
  /** « outbox », « webhook »: names the worker in its log lines. */
  name: string
  /** What one row is and what delivering it is called, in the log lines: « e-mail » « sent », « webhook » « delivered ». */
  noun: string
  done: string
  /** The log field naming a row's id (outboxId, webhookDeliveryId). */
  idField: string
  table: QueueTable
  db: Database
  log: WorkerLog
  pollIntervalMs: number
  leaseMs: number
  maxAttempts?: number
  retryDelayMs?: (attempts: number) => number
  batchSize: number
  claim: {
    /** Columns of the claimed row kept in `claimed` (see leaseClaim). */
    returning: string
    /** Also set at each claim (`last_attempt_at = now(), `). */
    alsoSet?: string
    /** `select … from claimed …`: $1 and $2 are the queue's, the parameters below start at $3. */
    select: string
    params: readonly unknown[]
  }
  deliver: (row: Row) => Promise<Delivery<Receipt>>
  /** Records the row as done; throws when the database fails (then retried from memory). */
  mark: (id: Id, receipt: Receipt) => Promise<void>
  /** Log details of a row beside its id (kind, type…). */
  describe: (row: Row) => object
  afterStop?: () => Promise<void>
}

/** An error as stored in last_error and logged: its message, cut to the column's size. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.slice(0, ERROR_TEXT_MAX)
}

export function createLeasedQueue<Id extends string | number, Row extends QueueRow<Id>, Receipt>(
  options: LeasedQueueOptions<Id, Row, Receipt>
): PollingWorker {
  const { db, log, noun, done, idField, table } = options
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS
  const delayAfter = options.retryDelayMs ?? ((attempts: number) => retryDelayMs(attempts))

  /** Delivered, but the update saying so has not committed yet: never delivered again. */
  const unmarked = new Map<Id, Receipt>()
  /** When the retries this worker scheduled fall due (Date.now() ms), so as not to wait for the poll. */
  let retriesDueAt: number[] = []

  async function claim(tried: readonly Id[]): Promise<Row | null> {
    const { returning, alsoSet, select, params } = options.claim
    return db.transaction(async (tx) => {
      const result = await tx.query<Row>(`${leaseClaim(table, returning, alsoSet)}\n${select}`, [options.leaseMs, tried, ...params])
      return result.rows[0] ?? null
    })
  }

  async function flushUnmarked(): Promise<void> {
    for (const [id, receipt] of [...unmarked]) {
      await options.mark(id, receipt)
      unmarked.delete(id)
      log.info({ [idField]: id }, `${noun} marked ${done} after a database failure`)
    }
  }

  async function recordFailure(row: Row, failure: Extract<Delivery<Receipt>, { ok: false }>): Promise<void> {
    const final = failure.final === true || row.attempts >= maxAttempts
    const delayMs = final ? 0 : Math.max(0, Math.round(failure.retryInMs ?? delayAfter(row.attempts)))
    // Column names come from FailureColumns' keys, never from input.
    const given = failure.columns ?? {}
    const columns = (Object.keys(given) as Array<keyof FailureColumns>).map((column) => [column, given[column] ?? null] as const)
    await db.query(
      `update paraphe.${table}
          set status = $2, last_error = $3, next_attempt_at = now() + $4::integer * interval '1 millisecond'${columns.map(([column], index) => `, ${column} = $${index + 5}`).join('')}
        where id = $1 and status = 'pending'`,
      [row.id, final ? 'failed' : 'pending', failure.error.slice(0, ERROR_TEXT_MAX), delayMs, ...columns.map(([, value]) => value)]
    )
    if (!final) retriesDueAt.push(Date.now() + delayMs)
    const details = { [idField]: row.id, ...options.describe(row), attempts: row.attempts, error: failure.error }
    if (final) log.error(details, `${noun} given up after its last attempt (status failed)`)
    else log.warn({ ...details, retryInMs: delayMs }, `${noun} not ${done}, will retry`)
  }

  /** Resolves to false when the rest of the pass should wait (the receiver is down). */
  async function handle(row: Row): Promise<boolean> {
    let delivery: Delivery<Receipt>
    try {
      delivery = await options.deliver(row)
    } catch (error) {
      delivery = { ok: false, error: errorText(error) }
    }
    if (!delivery.ok) {
      await recordFailure(row, delivery)
      return delivery.stopPass !== true
    }
    unmarked.set(row.id, delivery.receipt)
    try {
      await flushUnmarked()
    } catch (error) {
      // Retried before anything else at the next pass; the lease keeps other gateways off the row.
      log.error({ [idField]: row.id, err: error }, `${noun} ${done} but not yet marked ${done}: will retry the update`)
      throw error
    }
    log.info({ [idField]: row.id, ...options.describe(row), attempts: row.attempts }, `${noun} ${done}`)
    return true
  }

  async function pass(running: () => boolean): Promise<boolean> {
    // Retries already due are claimed by this pass (or were, by another gateway).
    const startedAt = Date.now()
    retriesDueAt = retriesDueAt.filter((dueAt) => dueAt > startedAt)
    await flushUnmarked()
    const tried: Id[] = []
    while (tried.length < options.batchSize) {
      if (!running()) return false
      const row = await claim(tried)
      if (row === null) return false
      tried.push(row.id)
      if (!(await handle(row))) return false
    }
    return true
  }

  return createPollingWorker({
    name: options.name,
    pollIntervalMs: options.pollIntervalMs,
    pass,
    log,
    nextDueInMs: () => (retriesDueAt.length === 0 ? null : Math.max(0, Math.min(...retriesDueAt) - Date.now())),
    afterStop: async () => {
      await flushUnmarked().catch((error: unknown) =>
        log.error({ err: error, [`${idField}s`]: [...unmarked.keys()] }, `${noun}s ${done} but not marked: they may be sent again`)
      )
      await options.afterStop?.()
    }
  })
}
