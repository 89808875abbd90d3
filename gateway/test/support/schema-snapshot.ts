// What a database's schema states beyond its tables, read from the catalog, to compare two
// databases (one upgraded, one migrated fresh) or one before and after: every function of the
// `paraphe` schema (its definition and grants), trigger, policy, and the grants on its tables.
import type { Queryable } from '../../src/db/database.js'

export interface SchemaSnapshot {
  /** By `name(arguments)`: pg_get_functiondef. */
  functions: Record<string, string>
  /** By `name(arguments)`: the body alone (prosrc), as written between the dollar quotes. */
  bodies: Record<string, string>
  /** By `name(arguments)` and by table: who may do what (aclexplode, the owner left out). */
  functionGrants: Record<string, string[]>
  tableGrants: Record<string, string[]>
  /** By `table.trigger`: pg_get_triggerdef. */
  triggers: Record<string, string>
  /** By `table.policy`: command, roles, using, with check. */
  policies: Record<string, string>
}

const entries = (rows: Array<{ key: string; value: string }>): Record<string, string> =>
  Object.fromEntries(rows.map((row) => [row.key, row.value]))

const grouped = (rows: Array<{ key: string; value: string }>): Record<string, string[]> => {
  const out: Record<string, string[]> = {}
  for (const row of rows) (out[row.key] ??= []).push(row.value)
  return out
}

export async function schemaSnapshot(db: Queryable): Promise<SchemaSnapshot> {
  const functions = await db.query<{ key: string; value: string }>(
    `select p.oid::regprocedure::text as key, pg_get_functiondef(p.oid) as value from pg_proc p
      where p.pronamespace = 'paraphe'::regnamespace order by 1`
  )
  const bodies = await db.query<{ key: string; value: string }>(
    `select p.oid::regprocedure::text as key, p.prosrc as value from pg_proc p where p.pronamespace = 'paraphe'::regnamespace order by 1`
  )
  const functionGrants = await db.query<{ key: string; value: string }>(
    `select p.oid::regprocedure::text as key,
            coalesce(nullif(a.grantee, 0)::regrole::text, 'public') || ' ' || a.privilege_type as value
       from pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
      where p.pronamespace = 'paraphe'::regnamespace and a.grantee <> p.proowner order by 1, 2`
  )
  const tableGrants = await db.query<{ key: string; value: string }>(
    `select c.oid::regclass::text as key,
            coalesce(nullif(a.grantee, 0)::regrole::text, 'public') || ' ' || a.privilege_type as value
       from pg_class c, aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a
      where c.relnamespace = 'paraphe'::regnamespace and c.relkind in ('r', 'v', 'S') and a.grantee <> c.relowner order by 1, 2`
  )
  const triggers = await db.query<{ key: string; value: string }>(
    `select t.tgrelid::regclass::text || '.' || t.tgname as key, pg_get_triggerdef(t.oid) as value from pg_trigger t
      join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'paraphe'::regnamespace and not t.tgisinternal order by 1`
  )
  const policies = await db.query<{ key: string; value: string }>(
    `select schemaname || '.' || tablename || '.' || policyname as key,
            concat_ws(' | ', permissive, cmd, roles::text, qual, with_check) as value
       from pg_policies where schemaname = 'paraphe' order by 1`
  )
  return {
    functions: entries(functions.rows),
    bodies: entries(bodies.rows),
    functionGrants: grouped(functionGrants.rows),
    tableGrants: grouped(tableGrants.rows),
    triggers: entries(triggers.rows),
    policies: entries(policies.rows)
  }
}

/** Rows per table of the `paraphe` schema. */
export async function rowCounts(db: Queryable): Promise<Record<string, number>> {
  const tables = await db.query<{ name: string }>(
    `select c.oid::regclass::text as name from pg_class c where c.relnamespace = 'paraphe'::regnamespace and c.relkind = 'r' order by 1`
  )
  const counts: Record<string, number> = {}
  for (const { name } of tables.rows) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${name}`)
    counts[name] = rows[0]?.n ?? 0
  }
  return counts
}
