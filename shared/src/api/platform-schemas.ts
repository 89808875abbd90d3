// « Ma plateforme agréée » (`/api/company/platform`): the addresses and client id the owner gave,
// and the last connection test. The secret (client secret or API key) is only ever sent *to* the
// gateway: no answer carries it, not even masked.
import { Type, type Static } from '@sinclair/typebox'
import { literals, nullable } from './schema-parts.js'

/** OAuth2 client credentials (token address, client id, secret), or an API key sent as the bearer. */
export const PLATFORM_AUTH_KINDS = ['oauth2', 'api_key'] as const
export type PlatformAuthKind = (typeof PLATFORM_AUTH_KINDS)[number]

export const PLATFORM_URL_MAX = 500
export const PLATFORM_SECRET_MAX = 2_000

export const PlatformConnectionSchema = Type.Object({
  apiUrl: Type.String(),
  authKind: literals(PLATFORM_AUTH_KINDS),
  tokenUrl: nullable(Type.String()),
  clientId: nullable(Type.String()),
  /** When « Tester la connexion » last ran; null: never since the settings changed. */
  testedAt: nullable(Type.String()),
  /** What the last test found wrong, in French; null when it passed (or never ran). */
  testProblem: nullable(Type.String()),
  updatedAt: Type.String()
})
export type PlatformConnection = Static<typeof PlatformConnectionSchema>

export const PlatformBody = Type.Object({ platform: nullable(PlatformConnectionSchema) })
export type PlatformAnswer = Static<typeof PlatformBody>

/**
 * The form: `secret` may be left empty when the connection exists, to keep the stored one (the
 * page never has it to send back).
 */
export const PutPlatformBody = Type.Object(
  {
    apiUrl: Type.String({ maxLength: PLATFORM_URL_MAX }),
    authKind: literals(PLATFORM_AUTH_KINDS),
    tokenUrl: Type.String({ maxLength: PLATFORM_URL_MAX }),
    clientId: Type.String({ maxLength: 200 }),
    secret: Type.String({ maxLength: PLATFORM_SECRET_MAX })
  },
  { additionalProperties: false }
)
export type PutPlatform = Static<typeof PutPlatformBody>

export const PlatformTestBody = Type.Object({ ok: Type.Boolean(), problem: nullable(Type.String()), platform: PlatformConnectionSchema })
export type PlatformTestAnswer = Static<typeof PlatformTestBody>
