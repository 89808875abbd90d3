// The signer's form apart from React: its values, what must be right before sending (the
// gateway's rules, from @paraphe/shared/signing-form; its refusals land on the same fields), and
// the request it becomes.
import { signingProblems } from '@paraphe/shared/signing-form'
import type { ApiError } from '@/lib/api-client'
import type { DrawnSignature, SignatureInput, SignRequest, SigningView } from '../api/signing-api'

// In the order the signer meets them. The e-mail code comes before the signature so that the
// signature is the last act: on a phone the full-screen sheet where it is drawn then ends with
// « Signer le devis » itself (no « Valider » and back to the form).
export const SIGN_FIELDS = ['signerName', 'accepted', 'mention', 'preWorkAcknowledged', 'emailCode', 'signature'] as const
export type SignField = (typeof SIGN_FIELDS)[number]
export type SignProblems = Partial<Record<SignField, string>>

export type SignatureMethod = 'drawn' | 'typed'

export interface SignValues {
  signerName: string
  accepted: boolean
  mention: string
  preWorkAcknowledged: boolean
  method: SignatureMethod
  emailCode: string
}

export const EMPTY_SIGN_VALUES: SignValues = {
  signerName: '',
  accepted: false,
  mention: '',
  preWorkAcknowledged: false,
  method: 'drawn',
  emailCode: ''
}

/**
 * The form as the signer opens it: their name is the one the professional wrote for the client
 * contact (editable), so that the client does not type again what the quote already says.
 */
export function initialSignValues(client: Pick<SigningView['quote']['client'], 'name'>): SignValues {
  return { ...EMPTY_SIGN_VALUES, signerName: client.name.trim() }
}

/** Ids of the controls, so that an error can move the focus to its field. */
export const SIGN_FIELD_IDS: Record<SignField, string> = {
  signerName: 'sign-name',
  accepted: 'sign-accepted',
  mention: 'sign-mention',
  preWorkAcknowledged: 'sign-pre-work',
  signature: 'sign-signature',
  emailCode: 'sign-code'
}

/** The control that takes the focus when its field has a problem. */
export function fieldControlId(field: SignField, method: SignatureMethod): string {
  if (field !== 'signature') return SIGN_FIELD_IDS[field]
  return method === 'typed' ? 'sign-method-typed' : 'sign-method-drawn'
}

/** The quote's options that change the form. */
export type SignOptions = Pick<SigningView['quote'], 'buildingTrade' | 'requireEmailCode'>

/**
 * The signature chosen: the drawing (null while the pad is blank) or the typed one, which is the
 * signer's name as typed once at the top of the form.
 */
export function signatureOf(values: SignValues, drawing: DrawnSignature | null): SignatureInput | null {
  return values.method === 'typed' ? { method: 'typed', text: values.signerName.trim() } : drawing
}

/**
 * What is missing or wrong before the form can be sent: the gateway's own rules
 * (@paraphe/shared/signing-form), so the page refuses what the gateway would, with the same
 * messages; and the e-mail code's format, which only the page checks before asking the gateway.
 */
export function checkSignForm(values: SignValues, options: SignOptions, signature: SignatureInput | null): SignProblems {
  const problems: SignProblems = signingProblems(
    {
      ...values,
      signature: signature === null ? null : signature.method === 'typed' ? signature : { method: 'drawn', strokes: signature.strokes }
    },
    options.buildingTrade
  )
  if (options.requireEmailCode && !/^\d{6}$/.test(values.emailCode.trim()))
    problems.emailCode = 'Saisissez le code à 6 chiffres reçu par e-mail.'
  // In the order the signer meets the fields (the first one takes the focus).
  return Object.fromEntries(SIGN_FIELDS.filter((field) => problems[field] !== undefined).map((field) => [field, problems[field]]))
}

/** The problem a value of the form answers to (the signature's method: the signature). */
export function problemFieldOf(value: keyof SignValues): SignField {
  return value === 'method' ? 'signature' : value
}

/**
 * After a change: the problem shown on `field` goes as soon as that field passes the form's own
 * check, so errors clear one by one as the signer fixes them (the others stay until fixed).
 */
export function clearFixed(
  problems: SignProblems,
  field: SignField,
  values: SignValues,
  options: SignOptions,
  signature: SignatureInput | null
): SignProblems {
  if (problems[field] === undefined || checkSignForm(values, options, signature)[field] !== undefined) return problems
  const rest = { ...problems }
  delete rest[field]
  return rest
}

/**
 * Every step before the e-mail code is done: the page then asks for the code by itself (the
 * signer reaches that step without a click) and puts the focus in its field.
 */
export function readyForCode(values: SignValues, options: SignOptions, signature: SignatureInput | null): boolean {
  if (!options.requireEmailCode) return false
  return Object.keys(checkSignForm(values, options, signature)).every((field) => field === 'emailCode' || field === 'signature')
}

/** Only the signature is missing (or nothing): the signature's own step may end with signing. */
export function onlySignatureLeft(values: SignValues, options: SignOptions): boolean {
  return Object.keys(checkSignForm(values, options, null)).every((field) => field === 'signature')
}

export function firstProblem(problems: SignProblems): SignField | undefined {
  return SIGN_FIELDS.find((field) => problems[field] !== undefined)
}

/**
 * « Continuer » on an incomplete form: the first missing step alone says what it needs (one
 * message, where the focus goes), not every field red at once; the next « Continuer » leads on.
 */
export function nextStepProblems(values: SignValues, options: SignOptions, signature: SignatureInput | null): SignProblems {
  const problems = checkSignForm(values, options, signature)
  const first = firstProblem(problems)
  return first === undefined ? {} : { [first]: problems[first] }
}

/** The request for the checked form (see checkSignForm). */
export function signRequest(
  values: SignValues,
  view: Pick<SigningView, 'quote' | 'documentSha256'>,
  signature: SignatureInput
): SignRequest {
  return {
    signerName: values.signerName.trim(),
    accepted: values.accepted,
    mention: values.mention.trim(),
    ...(view.quote.buildingTrade ? { preWorkAcknowledged: values.preWorkAcknowledged } : {}),
    signature,
    ...(view.quote.requireEmailCode ? { emailCode: values.emailCode.trim() } : {}),
    documentSha256: view.documentSha256
  }
}

/** What the page does with a refused signature. */
export type SignRefusal =
  /** Show these messages on their fields. */
  | { kind: 'fields'; problems: SignProblems }
  /** The quote changed since the page was opened: offer to reload it. */
  | { kind: 'changed'; message: string }
  /** The link no longer allows signing (signed meanwhile, declined, expired…): show its state. */
  | { kind: 'closed' }
  | { kind: 'failed'; message: string }

export function signRefusal(error: ApiError): SignRefusal {
  if (error.code === 'document_changed') return { kind: 'changed', message: error.message }
  if (error.status === 409 || error.status === 410 || error.status === 404) return { kind: 'closed' }
  const problems: SignProblems = {}
  for (const field of SIGN_FIELDS) {
    const message = error.fields?.[field]
    if (message !== undefined) problems[field] = message
  }
  // A schema refusal (400) names nested paths (`signature.text`): they belong to the signature.
  for (const [path, message] of Object.entries(error.fields ?? {})) {
    if (path.startsWith('signature') && problems.signature === undefined) problems.signature = message
  }
  return firstProblem(problems) === undefined ? { kind: 'failed', message: error.message } : { kind: 'fields', problems }
}

/** The form's progress for the action bar: steps done out of those this quote asks for, and the first one missing. */
export interface SignProgress {
  done: number
  total: number
  firstMissing: SignField | undefined
}

export function signProgress(values: SignValues, options: SignOptions, signature: SignatureInput | null): SignProgress {
  const steps = SIGN_FIELDS.filter((field) =>
    field === 'preWorkAcknowledged' ? options.buildingTrade : field === 'emailCode' ? options.requireEmailCode : true
  )
  const problems = checkSignForm(values, options, signature)
  const missing = steps.filter((field) => problems[field] !== undefined)
  return { done: steps.length - missing.length, total: steps.length, firstMissing: missing[0] }
}
