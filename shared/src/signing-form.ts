// The signer's answers as the law and the evidence file need them, checked field by field with
// French messages: one copy, used by the signing page before it sends and by the gateway when it
// receives, so that the page refuses exactly what the gateway refuses (the schema's sizes and the
// e-mail code aside: the gateway checks those against its own records).
import { ACCEPTANCE_MENTION, mentionMatches, PRE_WORK_MENTION } from './quote-mentions.js'
import { drawingProblem, type Stroke } from './signature-drawing.js'

export type SigningField = 'signerName' | 'accepted' | 'mention' | 'preWorkAcknowledged' | 'signature'

/** The signature as sent; null while the page's pad is blank and the typed one is not chosen. */
export type SigningSignature = { method: 'drawn'; strokes: readonly Stroke[] } | { method: 'typed'; text: string } | null

export interface SigningAnswers {
  signerName: string
  accepted: boolean
  mention: string
  /** Building trades only (« Devis reçu avant l’exécution des travaux »). */
  preWorkAcknowledged?: boolean | undefined
  signature: SigningSignature
}

// Two letters anywhere in the text (`s`: a line break between them does not hide them).
const hasTwoLetters = (text: string) => /\p{L}.*\p{L}/su.test(text)

/** What is missing or wrong, field by field; empty when the answers can be signed. */
export function signingProblems(answers: SigningAnswers, buildingTrade: boolean): Partial<Record<SigningField, string>> {
  const problems: Partial<Record<SigningField, string>> = {}
  if (!hasTwoLetters(answers.signerName)) problems.signerName = 'Indiquez vos nom et prénom.'
  if (!answers.accepted) problems.accepted = 'Cochez la case pour accepter le devis et ses conditions avant de signer.'
  if (!mentionMatches(answers.mention)) problems.mention = `Recopiez la mention « ${ACCEPTANCE_MENTION} ».`
  if (buildingTrade && answers.preWorkAcknowledged !== true) problems.preWorkAcknowledged = `Cochez la mention « ${PRE_WORK_MENTION} ».`
  const { signature } = answers
  if (signature === null) problems.signature = 'Dessinez votre signature dans le cadre, ou choisissez de taper votre nom.'
  else if (signature.method === 'drawn') {
    const problem = drawingProblem(signature.strokes)
    if (problem !== null) problems.signature = problem
  } else if (!hasTwoLetters(signature.text)) {
    problems.signature = 'Indiquez vos nom et prénom en haut du formulaire : ils servent de signature.'
  }
  return problems
}
