// The one door to PostgreSQL (PGlite embedded, or a server). Everything a user does runs through
// `asUser`, the way PostgREST does it, so row-level security holds even if a query is wrong.

export interface QueryResult<Row> {
  rows: Row[]
  rowCount: number
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>
  /** Runs several statements without parameters (migrations). */
  script(sql: string): Promise<void>
}

export type DatabaseEngine = 'pglite' | 'postgres'

export interface Database extends Queryable {
  readonly engine: DatabaseEngine
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
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
export function asUser<T>(db: Database, claims: UserClaims, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One statement rather than two (as PostgREST does): every request pays each round trip, and
    // the embedded database serves one query at a time. set_config('role', …, true) is SET LOCAL ROLE.
    await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [JSON.stringify(claims)])
    return work(tx)
  })
}

/** One transaction as `anon`: only the security-definer functions granted to it are reachable. */
export function asAnonymous<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true), set_config('role', 'anon', true)`)
    return work(tx)
  })
}
