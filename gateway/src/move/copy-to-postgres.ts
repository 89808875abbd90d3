// Copies a migrated PGlite database into an empty PostgreSQL, table by table, in one transaction
// on the target: a failure leaves the target as it was. Rows travel as JSON text (to_jsonb on the
// source, jsonb_populate_recordset on the target), so timestamps keep their microseconds, bytea
// its bytes and numeric its digits — no JavaScript Date or float in between.
import type { Database, Queryable } from '../db/database.js'
import { migrate } from '../db/migrate.js'

const BATCH_ROWS = 200
// Schemas that belong to PostgreSQL, or to Supabase (auth holds only compat functions here: the
// migrations create what the target lacks).
const SKIPPED_SCHEMAS = `('pg_catalog', 'information_schema', 'auth')`

export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError'
}

interface Table {
  schema: string
  name: string
}

export interface CopyReport {
  tables: { table: string; rows: number }[]
  sequences: number
  /** 'replica' (session_replication_role) or 'disabled-triggers' (not superuser on the target). */
  triggerMode: 'replica' | 'disabled-triggers'
}

const qualified = (table: Table): string => `"${table.schema.replaceAll('"', '""')}"."${table.name.replaceAll('"', '""')}"`
const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`

async function listTables(db: Queryable): Promise<Table[]> {
  const result = await db.query<Table>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname not in ${SKIPPED_SCHEMAS} and n.nspname not like 'pg\\_%'
     order by 1, 2`
  )
  return result.rows
}

/** Parents before children (foreign keys), so the copy also holds where triggers stay on. */
async function dependencyOrder(db: Queryable, tables: Table[]): Promise<Table[]> {
  const edges = await db.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
     join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
     where k.contype = 'f' and k.conrelid <> k.confrelid`
  )
  const key = (table: Table): string => `${table.schema}.${table.name}`
  const parents = new Map<string, Set<string>>()
  for (const edge of edges.rows) {
    const set = parents.get(edge.child) ?? new Set<string>()
    set.add(edge.parent)
    parents.set(edge.child, set)
  }
  const ordered: Table[] = []
  const placed = new Set<string>()
  let remaining = [...tables]
  while (remaining.length > 0) {
    const ready = remaining.filter((table) =>
      [...(parents.get(key(table)) ?? [])].every((parent) => placed.has(parent) || !remaining.some((other) => key(other) === parent))
    )
    // A cycle (none today): the rest in name order; replica mode does not check foreign keys.
    const next = ready.length > 0 ? ready : remaining
    for (const table of next) {
      ordered.push(table)
      placed.add(key(table))
    }
    remaining = remaining.filter((table) => !placed.has(key(table)))
  }
  return ordered
}

/** Refuses a target that already holds Paraphe: the migrations table, or any row in its schemas. */
async function assertEmpty(tx: Queryable): Promise<void> {
  const meta = await tx.query<{ found: string | null }>(`select to_regclass('paraphe_meta.migrations')::text as found`)
  if (meta.rows[0]?.found != null) {
    throw new TargetNotEmptyError(
      'La base PostgreSQL cible contient déjà Paraphe (table paraphe_meta.migrations présente) : rien n’a été copié. Choisissez une base vide.'
    )
  }
  for (const table of await listTables(tx)) {
    if (!table.schema.startsWith('paraphe')) continue
    const rows = await tx.query(`select 1 from ${qualified(table)} limit 1`)
    if (rows.rows.length > 0) {
      throw new TargetNotEmptyError(
        `La base PostgreSQL cible n’est pas vide (${table.schema}.${table.name} contient des lignes) : rien n’a été copié. Choisissez une base vide.`
      )
    }
  }
}

async function disableTriggers(tx: Queryable, tables: Table[]): Promise<CopyReport['triggerMode']> {
  await tx.query('savepoint replica_mode')
  try {
    // Skips every trigger, the append-only ones and the foreign-key checks (superuser only).
    await tx.query('set local session_replication_role = replica')
    return 'replica'
  } catch {
    await tx.query('rollback to savepoint replica_mode')
    // The migrations just ran as this role: it owns the tables and may switch their own triggers off.
    for (const table of tables) await tx.query(`alter table ${qualified(table)} disable trigger user`)
    return 'disabled-triggers'
  }
}

async function copyTable(source: Database, tx: Queryable, table: Table): Promise<number> {
  const columns = await tx.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [qualified(table)]
  )
  const list = columns.rows.map((column) => quoteIdent(column.name)).join(', ')
  const insert = `insert into ${qualified(table)} (${list}) overriding system value
    select ${list} from jsonb_populate_recordset(null::${qualified(table)}, $1::jsonb)`
  // PGlite has one connection and nothing else writes (the data folder is locked): a cursor in one
  // transaction reads a stable snapshot in batches, so large sealed PDFs are not all in memory.
  return source.transaction(async (read) => {
    await read.query(`declare move_rows no scroll cursor for select to_jsonb(t)::text as row from ${qualified(table)} t`)
    let copied = 0
    for (;;) {
      const batch = await read.query<{ row: string }>(`fetch ${BATCH_ROWS} from move_rows`)
      if (batch.rows.length === 0) break
      await tx.query(insert, [`[${batch.rows.map((r) => r.row).join(',')}]`])
      copied += batch.rows.length
    }
    await read.query('close move_rows')
    return copied
  })
}

async function copySequences(source: Database, tx: Queryable): Promise<number> {
  const sequences = await source.query<{ schema: string; name: string; last_value: string | null; start_value: string }>(
    `select schemaname as schema, sequencename as name, last_value::text as last_value, start_value::text as start_value from pg_sequences
     where schemaname not in ${SKIPPED_SCHEMAS} and schemaname not like 'pg\\_%'`
  )
  for (const sequence of sequences.rows) {
    const name = qualified(sequence)
    // Never used: left to hand out its first value; used: continues after the last one.
    if (sequence.last_value === null) await tx.query('select setval($1::regclass, $2::bigint, false)', [name, sequence.start_value])
    else await tx.query('select setval($1::regclass, $2::bigint, true)', [name, sequence.last_value])
  }
  return sequences.rows.length
}

/**
 * `source`: the embedded database (locked by the caller, migrated here first). `target`: the
 * PostgreSQL server; everything on it happens in one transaction.
 */
export async function copyToPostgres(source: Database, target: Database): Promise<CopyReport> {
  await migrate(source)
  const tables = await dependencyOrder(source, await listTables(source))
  return target.transaction(async (tx) => {
    await assertEmpty(tx)
    // The same migrations, inside this transaction (creates the schemas and the auth compat bits).
    await migrate({
      ...target,
      query: (sql, params) => tx.query(sql, params),
      script: (sql) => tx.script(sql),
      transaction: (work) => work(tx, [])
    })
    const targetTables = new Set((await listTables(tx)).map((table) => `${table.schema}.${table.name}`))
    const missing = tables.filter((table) => !targetTables.has(`${table.schema}.${table.name}`))
    if (missing.length > 0)
      throw new Error(`Tables absentes de la cible après les migrations : ${missing.map((t) => `${t.schema}.${t.name}`).join(', ')}`)
    const triggerMode = await disableTriggers(tx, tables)
    // The applied migrations and repeatable files travel as recorded (their dates), not as this run wrote them.
    await tx.query('delete from paraphe_meta.migrations')
    await tx.query('delete from paraphe_meta.repeatables')
    const report: CopyReport = { tables: [], sequences: 0, triggerMode }
    for (const table of tables) report.tables.push({ table: `${table.schema}.${table.name}`, rows: await copyTable(source, tx, table) })
    report.sequences = await copySequences(source, tx)
    if (triggerMode === 'disabled-triggers')
      for (const table of tables) await tx.query(`alter table ${qualified(table)} enable trigger user`)
    else await tx.query('set local session_replication_role = origin')
    // Counted again on the target before committing: what was read is what is there.
    for (const entry of report.tables) {
      const count = await tx.query<{ n: number }>(`select count(*)::int as n from ${entry.table.split('.').map(quoteIdent).join('.')}`)
      if (count.rows[0]?.n !== entry.rows) throw new Error(`${entry.table} : ${entry.rows} lignes lues, ${count.rows[0]?.n ?? 0} écrites`)
    }
    return report
  })
}
