// The Chorus Pro access in « Ma plateforme agréée » (`/api/company/chorus-pro`): the PISTE token
// and API addresses, the PISTE client id and the technical account's login, and the last
// connection test. The two secrets (PISTE client secret, technical account password) are only
// ever sent *to* the gateway: no answer carries them, not even masked.
import { Type, type Static } from '@sinclair/typebox'
import { PLATFORM_SECRET_MAX, PLATFORM_URL_MAX } from './platform-schemas.js'
import { nullable } from './schema-parts.js'

export const ChorusProConnectionSchema = Type.Object({
  apiUrl: Type.String(),
  tokenUrl: Type.String(),
  clientId: Type.String(),
  accountLogin: Type.String(),
  /** When « Tester la connexion » last ran; null: never since the settings changed. */
  testedAt: nullable(Type.String()),
  /** What the last test found wrong, in French; null when it passed (or never ran). */
  testProblem: nullable(Type.String()),
  updatedAt: Type.String()
})
export type ChorusProConnection = Static<typeof ChorusProConnectionSchema>

export const ChorusProBody = Type.Object({ chorusPro: nullable(ChorusProConnectionSchema) })
export type ChorusProAnswer = Static<typeof ChorusProBody>

/** The form: each secret may be left empty when the access exists, to keep the stored one. */
export const PutChorusProBody = Type.Object(
  {
    apiUrl: Type.String({ maxLength: PLATFORM_URL_MAX }),
    tokenUrl: Type.String({ maxLength: PLATFORM_URL_MAX }),
    clientId: Type.String({ maxLength: 200 }),
    clientSecret: Type.String({ maxLength: PLATFORM_SECRET_MAX }),
    accountLogin: Type.String({ maxLength: 200 }),
    accountPassword: Type.String({ maxLength: PLATFORM_SECRET_MAX })
  },
  { additionalProperties: false }
)
export type PutChorusPro = Static<typeof PutChorusProBody>

export const ChorusProTestBody = Type.Object({ ok: Type.Boolean(), problem: nullable(Type.String()), chorusPro: ChorusProConnectionSchema })
export type ChorusProTestAnswer = Static<typeof ChorusProTestBody>
