// The API keys' contract: the workspace's routes (`/api/company/api-keys`) that list, create and
// revoke the company's keys. The secret appears once, in the creation's answer.
import { Type, type Static } from '@sinclair/typebox'
import { literals, nullable } from './schema-parts.js'

/** read: the GETs of /api/v1; write: everything else (create, update, send, remind, cancel). */
export const API_KEY_SCOPES = ['read', 'write'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

/** What a secret starts with, so that a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'paraphe_'

export const ApiKeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The secret's first characters, to tell keys apart. */
  displayPrefix: Type.String(),
  scopes: Type.Array(literals(API_KEY_SCOPES)),
  createdAt: Type.String(),
  lastUsedAt: nullable(Type.String()),
  revokedAt: nullable(Type.String())
})
export type ApiKey = Static<typeof ApiKeySchema>

/** `apiIncluded`: whether the company's plan has the API (keys are created and accepted only then). */
export const ApiKeyListBody = Type.Object({ keys: Type.Array(ApiKeySchema), apiIncluded: Type.Boolean() })
export type ApiKeyList = Static<typeof ApiKeyListBody>
export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80 }),
    scopes: Type.Array(literals(API_KEY_SCOPES), { minItems: 1, maxItems: 2, uniqueItems: true })
  },
  { additionalProperties: false }
)
/** The only answer that holds the secret: it cannot be read again. */
export const CreatedApiKeyBody = Type.Object({ key: ApiKeySchema, secret: Type.String() })
export type CreatedApiKey = Static<typeof CreatedApiKeyBody>
export const ApiKeyIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) })
