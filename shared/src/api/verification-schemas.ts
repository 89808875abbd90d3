// The public check « is this PDF one we sealed? » (`POST /api/verify`, the file's bytes as body).
import { Type, type Static } from '@sinclair/typebox'
import { nullable } from './schema-parts.js'

export const VerifyResultBody = Type.Object({
  sha256: Type.String(),
  /** Sealed here: the quote number, the signer and the date; nothing else is disclosed. */
  document: nullable(Type.Object({ number: Type.String(), signerName: Type.String(), signedAt: Type.String() }))
})
export type VerifyResult = Static<typeof VerifyResultBody>
