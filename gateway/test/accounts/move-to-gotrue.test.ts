// deploy/move-accounts-to-gotrue.sql on PostgreSQL, against the columns of GoTrue's auth.users and
// auth.identities it writes (v2.186 schema, the columns the script names; GoTrue itself cannot run
// here): ids, e-mails, confirmation and argon2id hashes move; a second run changes nothing.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import t from 'tap'
import { verify } from '@node-rs/argon2'
import { hashPassword } from '../../src/accounts/passwords.js'
import { testDatabase } from '../support/databases.js'

const script = await readFile(path.resolve(import.meta.dirname, '../../../deploy/move-accounts-to-gotrue.sql'), 'utf8')

t.test('embedded accounts move into auth.users and auth.identities, once', async (t) => {
  const db = await testDatabase('postgres')
  await db.script(`
    create table auth.users (
      instance_id uuid, id uuid primary key, aud varchar(255), role varchar(255), email varchar(255),
      encrypted_password varchar(255), email_confirmed_at timestamptz, invited_at timestamptz,
      confirmation_token varchar(255), confirmation_sent_at timestamptz, recovery_token varchar(255),
      recovery_sent_at timestamptz, email_change_token_new varchar(255), email_change varchar(255),
      last_sign_in_at timestamptz, raw_app_meta_data jsonb, raw_user_meta_data jsonb,
      created_at timestamptz, updated_at timestamptz
    );
    create table auth.identities (
      provider_id text not null, user_id uuid not null references auth.users (id) on delete cascade,
      identity_data jsonb not null, provider text not null, last_sign_in_at timestamptz,
      created_at timestamptz, updated_at timestamptz,
      email text generated always as (lower(identity_data ->> 'email')) stored,
      id uuid not null default gen_random_uuid() primary key,
      unique (provider_id, provider)
    );`)
  const hash = await hashPassword('une phrase de passe solide')
  const { rows } = await db.query<{ id: string }>(
    `insert into paraphe_auth.users (id, email, password_hash, email_confirmed_at) values
       (gen_random_uuid(), 'confirme@example.fr', $1, now()), (gen_random_uuid(), 'attente@example.fr', $1, null)
     returning id`,
    [hash]
  )
  await db.script(script)
  await db.script(script)
  const moved = await db.query<{ id: string; email: string; encrypted_password: string; confirmed: boolean; identities: number }>(
    `select u.id, u.email, u.encrypted_password, u.email_confirmed_at is not null as confirmed,
            (select count(*)::int from auth.identities i where i.user_id = u.id) as identities
       from auth.users u order by u.email`
  )
  t.same(
    moved.rows.map((row) => [row.email, row.confirmed, row.identities]),
    [
      ['attente@example.fr', false, 1],
      ['confirme@example.fr', true, 1]
    ]
  )
  t.same(new Set(moved.rows.map((row) => row.id)), new Set(rows.map((row) => row.id)), 'the same ids: the data stays attached')
  t.ok(await verify(moved.rows[0]!.encrypted_password, 'une phrase de passe solide'), 'the argon2id hash still verifies')
})
