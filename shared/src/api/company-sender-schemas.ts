// The company's sender address (`/api/company/sender`): its state, the DNS records to publish and
// what the last check found. The DKIM private key never leaves the gateway.
import { Type, type Static } from '@sinclair/typebox'
import { EMAIL_MAX_LENGTH } from '../email.js'
import { literals, nullable } from './schema-parts.js'

export const SENDER_STATES = ['awaiting-confirmation', 'awaiting-dns', 'active'] as const

export const DnsRecordSchema = Type.Object({
  /** What the record is for: `dkim` (required) or `spf` (recommended, when the operator names its include). */
  purpose: literals(['dkim', 'spf'] as const),
  type: Type.Literal('TXT'),
  name: Type.String(),
  value: Type.String(),
  /** Found as expected at the last check; null: not checked yet. */
  found: nullable(Type.Boolean())
})
export type DnsRecord = Static<typeof DnsRecordSchema>

export const SenderSchema = Type.Object({
  address: Type.String(),
  state: literals(SENDER_STATES),
  confirmedAt: nullable(Type.String()),
  /** When the confirmation link was last sent (one a minute). */
  confirmationSentAt: nullable(Type.String()),
  checkedAt: nullable(Type.String()),
  records: Type.Array(DnsRecordSchema)
})
export type Sender = Static<typeof SenderSchema>

/** `sender`: null when none is set; `included`: whether the plan has the custom sender. */
export const SenderBody = Type.Object({ sender: nullable(SenderSchema), included: Type.Boolean(), viaName: Type.String() })
export type SenderAnswer = Static<typeof SenderBody>

export const PutSenderBody = Type.Object({ address: Type.String({ maxLength: EMAIL_MAX_LENGTH }) }, { additionalProperties: false })

export const SenderConfirmationQuery = Type.Object({ token: Type.String({ maxLength: 200 }) })
