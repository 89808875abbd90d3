// An Entreprise company with an API key, and a small client of /api/v1 that sends the key.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { ApiKeyScope } from '@paraphe/shared/api/api-key-schemas'
import type { Database } from '../../src/db/database.js'
import { COMPLETE_PROFILE, newUser, subscribe, type TestUser } from './workspace-users.js'

export interface ApiClient {
  owner: TestUser
  keyId: string
  secret: string
  call: (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers?: Record<string, string>
  ) => Promise<LightMyRequestResponse>
}

/** A client of /api/v1 with `secret` as its key. */
export function keyClient(app: FastifyInstance, secret: string): ApiClient['call'] {
  return (method, url, body, headers = {}) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${secret}`, ...headers },
      ...(body === undefined ? {} : { payload: body as object })
    })
}

/** A new company on Entreprise with a complete profile, and a key of `scopes` made by its owner. */
export async function entrepriseWithKey(app: FastifyInstance, db: Database, scopes: ApiKeyScope[] = ['read', 'write']): Promise<ApiClient> {
  const owner = await newUser(app)
  await subscribe(db, owner.id, 'entreprise')
  await owner.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const created = await owner.request('POST', '/api/company/api-keys', { name: 'ERP', scopes })
  if (created.statusCode !== 201) throw new Error(`key not created: ${created.statusCode} ${created.body}`)
  const { key, secret } = created.json<{ key: { id: string }; secret: string }>()
  return { owner, keyId: key.id, secret, call: keyClient(app, secret) }
}
