// The one door to PostgreSQL (PGlite embedded, or a server). Everything a user does runs through
// `asUser`, the way PostgREST does it, so row-level security holds even if a query is wrong.
import pg from 'pg'

export interface QueryResult<Row> {
  rows: Row[]
  rowCount: number
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>
  /** Runs several statements without parameters (migrations). */
  script(sql: string): Promise<void>
}

/** Settings local to one transaction, by name: `role` is SET LOCAL ROLE. */
export type TransactionSettings = Readonly<Record<string, string>>

/** The rows of a transaction's opening read (none without one). */
export type OpenedRows = ReadonlyArray<Record<string, unknown>>

/**
 * What a transaction starts with, sent with its BEGIN as one simple-protocol query: each round
 * trip costs every request, and the embedded database serves one at a time.
 */
export interface TransactionOpening {
  /** Set for this transaction only (set_config(name, value, true)). */
  settings: TransactionSettings
  /** A statement run right after them, its rows given to the work; no parameters: values are written with `sqlLiteral`. */
  read?: string
}

/**
 * The row a statement always returns (an insert … returning, a read of a row the transaction
 * holds): its shape is the query's type parameter, and its absence a bug said as such rather
 * than a TypeError further on.
 */
export function theRow<Row>(rows: readonly Row[]): Row {
  const row = rows[0]
  if (row === undefined) throw new Error('the statement returned no row')
  return row
}

/** A value as an SQL string literal, for an opening read (PostgreSQL's quoting, by pg). */
export function sqlLiteral(value: string): string {
  return pg.escapeLiteral(value)
}

export type DatabaseEngine = 'pglite' | 'postgres'

export interface Database extends Queryable {
  readonly engine: DatabaseEngine
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * `opening` is sent with its BEGIN, in the same round trip (see TransactionOpening).
   */
  transaction<T>(work: (tx: Queryable, opened: OpenedRows) => Promise<T>, opening?: TransactionOpening): Promise<T>
  close(): Promise<void>
  /** PGlite only: the whole data folder as a gzipped tar, taken between two queries (consistent). */
  dumpDataDir?: () => Promise<Blob>
}

/** The claims PostgREST would put in `request.jwt.claims` for this user. */
export interface UserClaims {
  sub: string
  email: string | null
  role: 'authenticated'
}

/**
 * One transaction as the `authenticated` role with the user's claims: `auth.uid()` is the user,
 * and the policies decide which rows exist.
 */
export function asUser<T>(
  db: Database,
  claims: UserClaims,
  work: (tx: Queryable, opened: OpenedRows) => Promise<T>,
  read?: string
): Promise<T> {
  // Set with BEGIN, as PostgREST sets them.
  return db.transaction(work, {
    settings: { 'request.jwt.claims': JSON.stringify(claims), role: 'authenticated' },
    ...(read === undefined ? {} : { read })
  })
}

/** One transaction as `anon`: only the security-definer functions granted to it are reachable. */
export function asAnonymous<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx), { settings: { 'request.jwt.claims': '{"role":"anon"}', role: 'anon' } })
}
