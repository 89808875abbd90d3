// The signing API's contract (`/api/sign/{token}…`): the link's token, what the client's page
// reads, what the signer sends.
import { Type, type Static } from '@sinclair/typebox'
import { LINK_STATES } from '../link-state.js'
import { CompanyProfileSchema } from './profile-schemas.js'
import { QuoteSchema } from './quote-schemas.js'
import { literals, nullable } from './schema-parts.js'

export const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) })

export const SIGNATURE_METHODS = ['drawn', 'typed'] as const
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number]

export const SigningViewBody = Type.Object({
  state: literals(LINK_STATES),
  quote: QuoteSchema,
  company: CompanyProfileSchema,
  /** SHA-256 of the quote PDF the page shows; sent back when signing. */
  documentSha256: Type.String(),
  linkExpiresAt: Type.String(),
  signature: nullable(Type.Object({ signerName: Type.String(), signedAt: Type.String(), method: literals(SIGNATURE_METHODS) })),
  declinedAt: nullable(Type.String()),
  /** The sealed PDF exists (made right after the signature). */
  signedDocument: Type.Boolean(),
  /** The company's logo as frozen at sending (only on plans that print it): GET /api/sign/:token/logo. */
  hasLogo: Type.Boolean()
})
export type SigningView = Static<typeof SigningViewBody>

const StrokePointSchema = Type.Object({ x: Type.Number(), y: Type.Number(), time: Type.Number() })
export type StrokePoint = Static<typeof StrokePointSchema>

/** Strokes in CSS pixels of the pad, whose size comes with them. */
const DrawnSignatureSchema = Type.Object({
  method: Type.Literal('drawn'),
  strokes: Type.Array(Type.Object({ points: Type.Array(StrokePointSchema, { maxItems: 2000 }) }), { maxItems: 100 }),
  padWidth: Type.Number({ minimum: 50, maximum: 4000 }),
  padHeight: Type.Number({ minimum: 20, maximum: 4000 })
})
export type DrawnSignature = Static<typeof DrawnSignatureSchema>

const SignatureSchema = Type.Union([
  DrawnSignatureSchema,
  Type.Object({ method: Type.Literal('typed'), text: Type.String({ minLength: 2, maxLength: 80 }) })
])
export type SignatureInput = Static<typeof SignatureSchema>

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

export const SignedBody = Type.Object({ state: Type.Literal('signed'), signedDocument: Type.Boolean() })
export type SignedBody = Static<typeof SignedBody>
export const DeclinedBody = Type.Object({ state: Type.Literal('declined') })
export type DeclinedBody = Static<typeof DeclinedBody>
/** The e-mail address the code went to, partly masked. */
export const CodeSentBody = Type.Object({ sentTo: Type.String() })
export type CodeSentBody = Static<typeof CodeSentBody>
