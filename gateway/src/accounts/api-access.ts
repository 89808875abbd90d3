// The embedded accounts' sessions and factors, checked by the rule both account keepers share.
import type { Queryable } from '../db/database.js'
import { sessionAccess, type ApiAccess } from '../auth/session-access.js'

export type { ApiAccess }

export const apiAccess = (db: Queryable, userId: string, sessionId: string | null): Promise<ApiAccess> =>
  sessionAccess(db, 'paraphe_auth', userId, sessionId)
