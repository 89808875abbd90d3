import { Type } from '@sinclair/typebox'
import { QUOTE_DEFAULTS, TEXT_LIMITS } from '@paraphe/shared/quote'

const text = (maxLength: number) => Type.String({ maxLength })

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
    defaultConditions: text(TEXT_LIMITS.long),
    defaultValidityDays: Type.Integer({ minimum: 1, maximum: QUOTE_DEFAULTS.maxValidityDays }),
    franchiseEnBase: Type.Boolean()
  },
  { additionalProperties: false }
)

const LogoInfo = Type.Union([
  Type.Object({ type: Type.Union([Type.Literal('image/png'), Type.Literal('image/jpeg')]), updatedAt: Type.String() }),
  Type.Null()
])

export const ProfileBody = Type.Object({ profile: CompanyProfileSchema, logo: LogoInfo })
export const LogoBody = Type.Object({ logo: LogoInfo })
