// What the contact form adds to the shared rules (@paraphe/shared/contact): the order of focus
// and the ids of its controls.
import { CONTACT_FIELDS, type ContactField, type ContactProblems } from '@paraphe/shared/contact'

export function firstProblem(problems: ContactProblems): ContactField | undefined {
  return CONTACT_FIELDS.find((field) => problems[field] !== undefined)
}

/** The id of a field's control, for labels, errors and the focus. */
export const fieldId = (field: ContactField) => `contact-${field}`
