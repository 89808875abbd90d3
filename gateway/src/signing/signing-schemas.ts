// The signing API's contract: the link's token, what the page reads, what the signer sends.
import { Type, type Static } from '@sinclair/typebox'
import { LINK_STATES } from '@paraphe/shared/link-state'
import { QuoteSchema } from '../workspace/quote-schemas.js'
import { CompanyProfileSchema } from '../workspace/profile-schemas.js'

export const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) })

export const SigningViewBody = Type.Object({
  state: Type.Union(LINK_STATES.map((state) => Type.Literal(state))),
  quote: QuoteSchema,
  company: CompanyProfileSchema,
  documentSha256: Type.String(),
  linkExpiresAt: Type.String(),
  signature: Type.Union([Type.Object({ signerName: Type.String(), signedAt: Type.String(), method: Type.String() }), Type.Null()]),
  declinedAt: Type.Union([Type.String(), Type.Null()]),
  signedDocument: Type.Boolean()
})

const PointSchema = Type.Object({ x: Type.Number(), y: Type.Number(), time: Type.Number() })
const SignatureSchema = Type.Union([
  Type.Object({
    method: Type.Literal('drawn'),
    strokes: Type.Array(Type.Object({ points: Type.Array(PointSchema, { maxItems: 2000 }) }), { maxItems: 100 }),
    padWidth: Type.Number({ minimum: 50, maximum: 4000 }),
    padHeight: Type.Number({ minimum: 20, maximum: 4000 })
  }),
  Type.Object({ method: Type.Literal('typed'), text: Type.String({ minLength: 2, maxLength: 80 }) })
])

export const SignBody = Type.Object({
  signerName: Type.String({ minLength: 2, maxLength: 120 }),
  accepted: Type.Boolean(),
  mention: Type.String({ maxLength: 60 }),
  preWorkAcknowledged: Type.Optional(Type.Boolean()),
  signature: SignatureSchema,
  emailCode: Type.Optional(Type.String({ maxLength: 10 })),
  documentSha256: Type.String({ pattern: '^[0-9a-f]{64}$' })
})
export type SignBody = Static<typeof SignBody>

export const DeclineBody = Type.Object({ reason: Type.String({ maxLength: 500 }) })

export const SignedBody = Type.Object({ state: Type.String(), signedDocument: Type.Boolean() })
export const DeclinedBody = Type.Object({ state: Type.String() })
export const CodeSentBody = Type.Object({ sentTo: Type.String() })
