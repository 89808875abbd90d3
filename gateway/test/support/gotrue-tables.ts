// The part of Supabase Auth's own tables the gateway reads in a Supabase deployment (GoTrue's
// published migrations: `auth.sessions` with its `aal_level`, `auth.mfa_factors` with its
// `factor_status`), made in a test database, and the GoTrue stand-in's state written into them
// as GoTrue keeps it there. Only the columns the gateway reads, plus their keys.
import type { Queryable } from '../../src/db/database.js'

export async function createAuthTables(db: Queryable): Promise<void> {
  await db.query('create schema if not exists auth')
  await db.query(`do $$ begin
      create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
      create type auth.factor_status as enum ('unverified', 'verified');
    exception when duplicate_object then null; end $$`)
  await db.query(`create table if not exists auth.sessions (
      id uuid primary key, user_id uuid not null, created_at timestamptz, updated_at timestamptz, aal auth.aal_level,
      refreshed_at timestamp, user_agent text
    )`)
  await db.query(`create table if not exists auth.mfa_factors (
      id uuid primary key, user_id uuid not null, friendly_name text, factor_type text not null default 'totp',
      status auth.factor_status not null, created_at timestamptz not null, updated_at timestamptz not null
    )`)
}

export async function writeAuthTables(
  db: Queryable,
  sessions: ReadonlyArray<{ id: string; userId: string; createdAt: Date; aal: string; userAgent: string; refreshedAt: Date | null }>,
  factors: ReadonlyArray<{ id: string; userId: string; friendlyName: string; status: string; createdAt: Date }>
): Promise<void> {
  await db.query('delete from auth.sessions')
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent)
     select id, user_id, created_at, coalesce(refreshed_at, created_at), aal::auth.aal_level, refreshed_at, user_agent
       from jsonb_to_recordset($1::jsonb)
         as s(id uuid, user_id uuid, created_at timestamptz, aal text, refreshed_at timestamptz, user_agent text)`,
    [
      JSON.stringify(
        sessions.map((session) => ({
          id: session.id,
          user_id: session.userId,
          created_at: session.createdAt,
          aal: session.aal,
          refreshed_at: session.refreshedAt,
          user_agent: session.userAgent
        }))
      )
    ]
  )
  await db.query('delete from auth.mfa_factors')
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, status, created_at, updated_at)
     select id, user_id, friendly_name, status::auth.factor_status, created_at, created_at
       from jsonb_to_recordset($1::jsonb) as f(id uuid, user_id uuid, friendly_name text, status text, created_at timestamptz)`,
    [
      JSON.stringify(
        factors.map((factor) => ({
          id: factor.id,
          user_id: factor.userId,
          friendly_name: factor.friendlyName,
          status: factor.status,
          created_at: factor.createdAt
        }))
      )
    ]
  )
}

/** The sessions GoTrue's table holds now (a deleted row is a closed session). */
export async function readSessionIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id::text as id from auth.sessions')
  return rows.map((row) => row.id)
}

/** The factors GoTrue's table holds now (a deleted row is a factor unenrolled, as an administrator does). */
export async function readFactorIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id::text as id from auth.mfa_factors')
  return rows.map((row) => row.id)
}
