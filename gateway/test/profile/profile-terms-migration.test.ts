// Migration 0021 on a profile written before it (PGlite; the SQL is plain ALTERs, the same on
// PostgreSQL): the text of « Conditions habituelles » keeps filling a new quote's « Conditions
// d'exécution et garanties », and the payment terms start empty rather than guessed.
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { migrate, readMigrations } from '../../src/db/migrate.js'
import { openPglite } from '../../src/db/pglite-database.js'
import { readProfile } from '../../src/profile/profile-repository.js'
import { asMember } from '../support/as-member.js'

const before = readMigrations().filter((migration) => migration.version < 21)

t.test('an existing profile’s usual conditions stay where they went', async (t) => {
  const db = await openPglite(null)
  t.teardown(() => db.close())
  await migrate(db, before)
  const userId = randomUUID()
  await db.query('insert into paraphe.companies (id) values ($1)', [userId])
  await db.query(`insert into paraphe.company_members (user_id, company_id, role, email) values ($1, $1, 'owner', 'contact@dupont.fr')`, [
    userId
  ])
  await db.query(
    `insert into paraphe.profiles (company_id, company_name, default_conditions) values ($1, 'Dupont Rénovation', 'Garantie de parfait achèvement d’un an.')`,
    [userId]
  )
  t.ok((await migrate(db)).includes(21), '0021 applied')
  const { profile } = await asMember(db, { sub: userId, email: 'contact@dupont.fr', role: 'authenticated' }, (tx) => readProfile(tx))
  t.equal(profile.defaultExecutionConditions, 'Garantie de parfait achèvement d’un an.', 'the old text, named for the section it fills')
  t.equal(profile.defaultPaymentTerms, '', 'no payment terms guessed')
  t.equal(profile.companyName, 'Dupont Rénovation')
})
