// The profile routes' contract (`/api/profile…`): the company's identity and defaults, its logo.
import { Type, type Static } from '@sinclair/typebox'
import { QUOTE_DEFAULTS, TEXT_LIMITS } from '../quote.js'
import { binaryFile, text } from './schema-parts.js'

export const CompanyProfileSchema = Type.Object(
  {
    companyName: text(TEXT_LIMITS.short),
    legalForm: text(TEXT_LIMITS.short),
    address: text(TEXT_LIMITS.address),
    siret: text(30),
    registration: text(TEXT_LIMITS.short),
    vatNumber: text(30),
    email: text(TEXT_LIMITS.short),
    phone: text(40),
    insurer: text(TEXT_LIMITS.short),
    insuranceCoverage: text(TEXT_LIMITS.short),
    insurancePolicy: text(TEXT_LIMITS.short),
    /** Printed on quotes that ask for a deposit, to pay it by transfer. */
    iban: text(50),
    bic: text(20),
    /** The consumer mediator the professional adheres to (Code de la consommation, L612-1). */
    mediatorName: text(TEXT_LIMITS.short),
    mediatorUrl: text(TEXT_LIMITS.short),
    /** Fill a new quote's « Conditions de paiement » and « Conditions d’exécution et garanties ». */
    defaultPaymentTerms: text(TEXT_LIMITS.long),
    defaultExecutionConditions: text(TEXT_LIMITS.long),
    defaultValidityDays: Type.Integer({ minimum: 1, maximum: QUOTE_DEFAULTS.maxValidityDays }),
    franchiseEnBase: Type.Boolean()
  },
  { additionalProperties: false }
)

export const LogoInfoSchema = Type.Object({
  type: Type.Union([Type.Literal('image/png'), Type.Literal('image/jpeg')]),
  updatedAt: Type.String()
})
export type LogoInfo = Static<typeof LogoInfoSchema>
const LogoInfo = Type.Union([LogoInfoSchema, Type.Null()])

export const ProfileBody = Type.Object({ profile: CompanyProfileSchema, logo: LogoInfo })
export type ProfileBody = Static<typeof ProfileBody>
export const LogoBody = Type.Object({ logo: LogoInfo })
export type LogoBody = Static<typeof LogoBody>
export const LogoFile = binaryFile('image/*')
