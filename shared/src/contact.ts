// The contact form's rules and French messages, one copy for the form (checked before sending,
// so mistakes show next to their field at once) and for the gateway (POST /api/contact).

import { EMAIL_MAX_LENGTH, isEmailAddress } from './email.js'

export interface ContactValues {
  name: string
  email: string
  company: string
  phone: string
  subject: string
  message: string
  consent: boolean
}

export type ContactField = keyof ContactValues
export type ContactProblems = Partial<Record<ContactField, string>>

/** In the order of the form: the first one with a problem gets the focus. */
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'company', 'phone', 'subject', 'message', 'consent']

export const CONTACT_LIMITS = {
  name: 200,
  email: EMAIL_MAX_LENGTH,
  company: 200,
  phone: 40,
  subject: 200,
  messageMin: 10,
  messageMax: 5000
} as const

const formatCount = (count: number) => new Intl.NumberFormat('fr-FR').format(count)

export const CONTACT_MESSAGES = {
  nameMissing: 'Indiquez votre nom.',
  nameTooLong: `Votre nom ne peut pas dépasser ${CONTACT_LIMITS.name} caractères.`,
  emailMissing: 'Indiquez votre adresse e-mail.',
  emailInvalid: 'Cette adresse e-mail n’est pas valide.',
  companyTooLong: `Le nom de l’entreprise ne peut pas dépasser ${CONTACT_LIMITS.company} caractères.`,
  phoneInvalid: 'Ce numéro de téléphone n’est pas valide.',
  subjectMissing: 'Choisissez le sujet de votre message.',
  subjectTooLong: `Le sujet ne peut pas dépasser ${CONTACT_LIMITS.subject} caractères.`,
  messageMissing: 'Écrivez votre message.',
  messageTooShort: `Votre message doit faire au moins ${CONTACT_LIMITS.messageMin} caractères.`,
  messageTooLong: (length: number) =>
    `Votre message ne peut pas dépasser ${formatCount(CONTACT_LIMITS.messageMax)} caractères (${formatCount(length)} pour l’instant).`,
  consentMissing: 'Cochez la case pour que nous puissions utiliser ces informations et vous répondre.'
} as const

const PHONE = /^[0-9+().\s/-]+$/

/** Characters as people count them (emoji count once). */
const length = (text: string) => [...text].length
const oneLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ').trim()

function isPhone(phone: string): boolean {
  return PHONE.test(phone) && length(phone) <= CONTACT_LIMITS.phone && (phone.match(/[0-9]/g) ?? []).length >= 6
}

/** The values as they are stored and sent: single-line fields collapsed, text trimmed. */
export function normaliseContact(values: ContactValues): ContactValues {
  return {
    name: oneLine(values.name),
    email: values.email.trim(),
    company: oneLine(values.company),
    phone: oneLine(values.phone),
    subject: oneLine(values.subject),
    message: values.message.replace(/\r\n?/g, '\n').trim(),
    consent: values.consent
  }
}

/** Every problem of the form at once (none: an empty object). */
export function checkContact(values: ContactValues): ContactProblems {
  const { name, email, company, phone, subject, message } = normaliseContact(values)
  const problems: ContactProblems = {}
  if (name === '') problems.name = CONTACT_MESSAGES.nameMissing
  else if (length(name) > CONTACT_LIMITS.name) problems.name = CONTACT_MESSAGES.nameTooLong
  if (email === '') problems.email = CONTACT_MESSAGES.emailMissing
  else if (!isEmailAddress(email)) problems.email = CONTACT_MESSAGES.emailInvalid
  if (length(company) > CONTACT_LIMITS.company) problems.company = CONTACT_MESSAGES.companyTooLong
  if (phone !== '' && !isPhone(phone)) problems.phone = CONTACT_MESSAGES.phoneInvalid
  if (subject === '') problems.subject = CONTACT_MESSAGES.subjectMissing
  else if (length(subject) > CONTACT_LIMITS.subject) problems.subject = CONTACT_MESSAGES.subjectTooLong
  const messageLength = length(message)
  if (messageLength === 0) problems.message = CONTACT_MESSAGES.messageMissing
  else if (messageLength < CONTACT_LIMITS.messageMin) problems.message = CONTACT_MESSAGES.messageTooShort
  else if (messageLength > CONTACT_LIMITS.messageMax) problems.message = CONTACT_MESSAGES.messageTooLong(messageLength)
  if (!values.consent) problems.consent = CONTACT_MESSAGES.consentMissing
  return problems
}
