// `asUser` as a request runs it: the user's membership resolved first (their own company,
// created on their first request), so the policies by company see them.
import { asUser, type Database, type Queryable, type UserClaims } from '../../src/db/database.js'

export function asMember<T>(db: Database, claims: UserClaims, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return asUser(db, claims, async (tx) => {
    await tx.query('select paraphe.my_membership($1)', [claims.email ?? ''])
    return work(tx)
  })
}
