// French messages for schema validation errors, per field, from what Ajv reports. Business rules
// (SIRET, e-mail…) add their own, more precise, messages in the handlers.
import type { FastifySchemaValidationError } from 'fastify/types/schema.js'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'

const TYPE_NAMES: Record<string, string> = {
  string: 'un texte',
  integer: 'un nombre entier',
  number: 'un nombre',
  boolean: 'vrai ou faux',
  object: 'un objet',
  array: 'une liste',
  null: 'vide'
}

const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`

/**
 * A limit as the person typed the value: percentages travel as basis points (`depositBp`, 10 000 =
 * 100 %) and amounts as cents (`depositAmountCents`), so « au plus 10000 » would be a number the
 * form never showed. The contract names every such field with its unit's suffix.
 */
function limitText(limit: unknown, path: string): string {
  const value = Number(limit)
  if (/Bp$/.test(path)) return formatVatRate(value)
  if (/Cents$/.test(path)) return formatEuros(value)
  return String(limit)
}

function message(issue: FastifySchemaValidationError): string {
  const params = issue.params
  const path = issue.instancePath
  switch (issue.keyword) {
    case 'required':
      return 'Champ obligatoire.'
    case 'type':
      return `Ce champ doit être ${TYPE_NAMES[String(params.type)] ?? 'd’un autre type'}.`
    case 'maxLength':
      return `Au plus ${plural(Number(params.limit), 'caractère')}.`
    case 'minLength':
      return Number(params.limit) <= 1 ? 'Ce champ ne peut pas être vide.' : `Au moins ${plural(Number(params.limit), 'caractère')}.`
    case 'maximum':
      return `La valeur doit être au plus ${limitText(params.limit, path)}.`
    case 'minimum':
      return `La valeur doit être au moins ${limitText(params.limit, path)}.`
    case 'maxItems':
      return `Au plus ${plural(Number(params.limit), 'élément')}.`
    case 'additionalProperties':
      return `Champ inconnu : ${String(params.additionalProperty)}.`
    case 'pattern':
    case 'format':
      return 'Format invalide.'
    default:
      // anyOf / const / enum: a value outside the list the form offers.
      return 'Valeur non acceptée.'
  }
}

/** `{ "lines.2.description": "Au plus 2000 caractères." }`, one message per field. */
export function fieldMessages(issues: readonly FastifySchemaValidationError[], prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const params = issue.params
    const base = issue.instancePath.slice(1).replaceAll('/', '.')
    const child =
      typeof params.missingProperty === 'string'
        ? params.missingProperty
        : typeof params.additionalProperty === 'string'
          ? params.additionalProperty
          : ''
    const full = [base, child].filter((part) => part !== '').join('.') || 'body'
    const field = prefix !== '' && full.startsWith(prefix) ? full.slice(prefix.length) : full
    // The first problem of a field is the one to fix (a union reports one per branch).
    fields[field] ??= message(issue)
  }
  return fields
}
