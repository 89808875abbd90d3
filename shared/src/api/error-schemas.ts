// The API's error body, `{ error: { code, message, fields?, upgrade? } }` with the message in French: what
// every route answers on 4xx and 5xx, and what the web's client reads.
import { Type, type Static } from '@sinclair/typebox'

/** A refusal a paid plan would lift: which plan, and the absolute address of the pricing page. */
export const UpgradeOffer = Type.Object({ planId: Type.String(), planName: Type.String(), url: Type.String() })
export type UpgradeOffer = Static<typeof UpgradeOffer>

export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
    upgrade: Type.Optional(UpgradeOffer)
  })
})
export type ErrorBody = Static<typeof ErrorBody>

/** The one error part of every route's response schema: any 4xx or 5xx answer is an ErrorBody. */
export const ErrorResponses = { '4xx': ErrorBody, '5xx': ErrorBody } as const
