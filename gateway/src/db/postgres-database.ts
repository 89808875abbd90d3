// A PostgreSQL server (Supabase's in production) through a pool of connections; the embedded
// default is reached the same way, over the Unix socket of its thread (db/pglite-database.ts).
import pg from 'pg'
import { sqlLiteral, type Database, type OpenedRows, type Queryable, type QueryResult, type TransactionOpening } from './database.js'
import { watchForStalls, type StallDeadline } from './stall-watch.js'

// Counts and cents come back as numbers (every amount is below 2^53 by construction), dates as
// ISO text (a JavaScript Date would shift them by the time zone).
const typeParsers: Record<number, (value: string) => unknown> = {
  [pg.types.builtins.INT8]: (value) => Number(value),
  [pg.types.builtins.DATE]: (value) => value
}
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    // pg types its own parsers as returning any.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-return
    typeParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser
}

/**
 * Names for the statements a connection prepares once and executes again (parsed and planned once
 * per connection, not at each request): the embedded database's WASM spends most of a short
 * query's time parsing and planning it (measured: 77 µs unnamed, 24 µs prepared, for a one-row
 * select). The texts are the code's own, so they are few; past `MAX_NAMED` (a text built from
 * input, by mistake) queries go unnamed rather than filling the server's memory.
 */
const MAX_NAMED = 1_000
type StatementNamer = (sql: string) => string | undefined

function statementNamer(): StatementNamer {
  const names = new Map<string, string>()
  return (sql) => {
    let name = names.get(sql)
    if (name === undefined && names.size < MAX_NAMED) {
      name = `paraphe_${names.size}`
      names.set(sql, name)
    }
    return name
  }
}

function wrap(client: pg.Pool | pg.PoolClient, nameOf: StatementNamer | null): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const name = nameOf?.(sql)
      const result = await client.query(name === undefined ? { text: sql, values: [...params] } : { name, text: sql, values: [...params] })
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length }
    },
    async script(sql: string): Promise<void> {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await client.query(sql)
    }
  }
}

/**
 * BEGIN, the transaction's settings and its opening read in one simple-protocol query (one round
 * trip; the simple protocol takes several statements but no parameters, so the values are
 * quoted as literals by pg's own escaping).
 */
function opening(start: TransactionOpening | undefined): string {
  if (start === undefined) return 'begin'
  const settings = Object.entries(start.settings).map(([name, value]) => `set_config(${sqlLiteral(name)}, ${sqlLiteral(value)}, true)`)
  return [
    'begin',
    ...(settings.length === 0 ? [] : [`select ${settings.join(', ')}`]),
    ...(start.read === undefined ? [] : [start.read])
  ].join('; ')
}

/** The opening read's rows: the last result of the opening query, when it has a read. */
function openedRows(start: TransactionOpening | undefined, results: pg.QueryResult | pg.QueryResult[]): OpenedRows {
  if (start?.read === undefined) return []
  const last = Array.isArray(results) ? results[results.length - 1] : results
  return (last?.rows ?? []) as OpenedRows
}

export type PostgresOptions = (
  | { connectionString: string }
  /** The folder of the embedded database's Unix socket (`.s.PGSQL.5432` inside). */
  | { socketDir: string }
) & {
  maxConnections: number
  /** Called when an idle connection fails (the server restarted): logged, the pool recovers. */
  onIdleError: (error: Error) => void
  /** How long work may wait for a connection (the pool's queue included); 5 s unless said. */
  connectTimeoutMs?: number
  /** The embedded database: taken for hung when work waits and none ends for this long (db/stall-watch.ts). None for a server. */
  stallDeadline?: StallDeadline
  /**
   * Prepare each statement once per connection (see statementNamer). The embedded database only:
   * a server may sit behind a pooler in transaction mode (Supabase's port 6543), where a statement
   * prepared on one backend is unknown to the next.
   */
  prepareStatements?: boolean
}

export interface PostgresDatabase extends Database {
  /** Runs `work` while holding a connection of the pool: with the embedded database's pool of one, no query of this gateway runs meanwhile. */
  betweenQueries<T>(work: () => Promise<T>): Promise<T>
}

export async function openPostgres(options: PostgresOptions): Promise<PostgresDatabase> {
  const pool = new pg.Pool({
    // The embedded database's process accepts any user and has one database, named postgres.
    ...('connectionString' in options
      ? { connectionString: options.connectionString }
      : { host: options.socketDir, port: 5432, user: 'postgres', database: 'postgres' }),
    max: options.maxConnections,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    application_name: 'paraphe-gateway',
    types
  })
  pool.on('error', options.onIdleError)
  // Every connection keeps one 'error' listener of ours for its whole life, whoever holds it: a
  // backend terminated by the server (a restart, a failover, pg_terminate_backend, an idle
  // timeout, a pooler) emits 'error' on its client, and an 'error' event without a listener
  // ends the process. The pool's own listeners come and go as a client is checked out and
  // released; this one does not. The work using the connection fails through its query anyway,
  // so the listener only remembers the error, so that the connection is dropped, not reused.
  const brokenClients = new WeakMap<pg.PoolClient, Error>()
  pool.on('connect', (client) => {
    client.on('error', (error: Error) => brokenClients.set(client, error))
  })
  // pg's pool, once ending, neither serves nor fails the work still waiting for a connection: it
  // would wait forever. So closing refuses new work, lets the waiting work through, then ends.
  let closing = false
  const refuseWhenClosing = (): void => {
    if (closing) throw new Error('Client was closed and is not queryable: the database is closing')
  }
  // Every piece of work counted, with the embedded database, so that one stuck for good is seen.
  const tracked = options.stallDeadline === undefined ? <T>(work: () => Promise<T>) => work() : watchForStalls(options.stallDeadline)
  // One namer for the pool: a name always means the same text, on whichever connection (pg
  // prepares it on a connection the first time that connection runs it).
  const nameOf = options.prepareStatements === true ? statementNamer() : null
  const pooled = wrap(pool, nameOf)
  const direct: Queryable = {
    query: (sql, params) => {
      refuseWhenClosing()
      return tracked(() => pooled.query(sql, params))
    },
    script: (sql) => {
      refuseWhenClosing()
      return tracked(() => pooled.script(sql))
    }
  }
  return {
    engine: 'postgres',
    // wrap() returns closures, which never use `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    query: direct.query,
    // eslint-disable-next-line @typescript-eslint/unbound-method
    script: direct.script,
    transaction: (work, start) =>
      tracked(async () => {
        refuseWhenClosing()
        const client = await pool.connect()
        let released = false
        // A connection that failed goes, so the next request gets a fresh one.
        const release = (): void => {
          if (released) return
          released = true
          client.release(brokenClients.get(client))
        }
        try {
          // pg types a simple query of several statements as one result; it returns one per statement.
          const opened = openedRows(start, (await client.query(opening(start))) as pg.QueryResult | pg.QueryResult[])
          const result = await work(wrap(client, nameOf), opened)
          // The connection is handed on as COMMIT is sent: pg sends a connection's statements in
          // order, so the next transaction's BEGIN leaves the moment the server has answered this
          // one, instead of after this request's code has run again (with the embedded database's
          // one connection, that wait was every request's). This request still waits for the answer:
          // a COMMIT that fails is a failed request.
          const committed = client.query('commit')
          release()
          await committed
          return result
        } catch (error) {
          if (!released) {
            await client.query('rollback').catch((rollbackError: unknown) => {
              if (!brokenClients.has(client))
                brokenClients.set(client, rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError)))
            })
          }
          throw error
        } finally {
          release()
        }
      }),
    betweenQueries: (work) =>
      tracked(async () => {
        refuseWhenClosing()
        // Only used with a pool of one (the embedded database): holding it holds them all.
        const client = await pool.connect()
        try {
          return await work()
        } finally {
          client.release(brokenClients.get(client))
        }
      }),
    async close() {
      closing = true
      while (pool.waitingCount > 0) await new Promise((resolve) => setTimeout(resolve, 10))
      await pool.end()
    }
  }
}
