// The client's answers on a link: open it (and record « consulté »), download its PDF, decline,
// sign, ask for an e-mail code. Routes call these and shape the HTTP answer; nothing else here
// knows about HTTP.
import { createHash } from 'node:crypto'
import type { Log } from '../logging.js'
import { paths } from '@paraphe/shared/paths'
import type { Config } from '../config.js'
import { asAnonymous, type Database } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { declinedNoticeEmail } from '../mail/templates/signing-notices.js'
import type { SealCertificate } from '../seal/signing-certificate.js'
import type { QueueWake } from '../queue/queue-wake.js'
import { completeSignature } from '../quotes/complete-signature.js'
import { quotePdfName } from '../pdf/file-name.js'
import { renderedQuote, renderKey, type RenderedQuote } from '../quotes/quote-pdf-cache.js'
import { signingProblems } from '@paraphe/shared/signing-form'
import { checkSigningCode, queueSigningCode } from './signing-codes.js'
import { answerRefusal, linkNotFound, refusalFor } from './signing-refusals.js'
import type { SignBody } from '@paraphe/shared/api/signing-schemas'
import { hashToken, isWellFormedToken } from '../tokens/link-token.js'
import { readSigningFiles, readSigningView, type SigningView } from './signing-view.js'

/** What the answers need from the running gateway. */
export interface SigningContext {
  db: Database
  config: Config
  log: Log
  sealCertificate: () => Promise<SealCertificate>
  /** Sends the e-mails and webhook events (queued by the database's triggers) just committed, without waiting for the next poll. */
  wake: QueueWake
  /** Tries again within seconds to seal signed copies that could not be sealed at once. */
  repairSealsSoon: () => void
}

/** Who answers, as recorded in the evidence file. */
export interface Visitor {
  ip: string
  userAgent: string
  /** The page's own session id (header x-signing-visitor), when it sent a valid one. */
  session?: string | undefined
}

/** The link's view; a malformed token never reaches the database, and gets the same 404. */
async function openLink(db: Database, token: string): Promise<SigningView> {
  if (!isWellFormedToken(token)) throw linkNotFound()
  const view = await readSigningView(db, token)
  if (view === null) throw linkNotFound()
  return view
}

/** The link's view, refused with the French reason unless the client may still answer. */
async function openAnswerableLink(db: Database, token: string): Promise<SigningView> {
  const view = await openLink(db, token)
  const refusal = refusalFor(view)
  if (refusal !== null) throw refusal
  return view
}

function quoteDocument(db: Database, token: string, view: SigningView): Promise<RenderedQuote> {
  return renderedQuote(renderKey(view.quote), async () => ({
    quote: view.quote,
    company: view.company,
    logo: (await readSigningFiles(db, token)).logo
  }))
}

/** The page's view of the link, with the PDF's hash; an open link is recorded as viewed. */
export async function showLink(context: SigningContext, token: string, visitor: Visitor) {
  const view = await openLink(context.db, token)
  const { sha256 } = await quoteDocument(context.db, token, view)
  if (view.state === 'open') {
    const session =
      visitor.session !== undefined && /^[A-Za-z0-9-]{8,64}$/.test(visitor.session)
        ? visitor.session
        : createHash('sha256').update(`${visitor.ip} ${visitor.userAgent}`).digest('hex').slice(0, 32)
    await asAnonymous(context.db, (tx) =>
      tx.query('select paraphe.record_view($1, $2, $3, $4)', [hashToken(token), session, visitor.ip, visitor.userAgent])
    )
    // The first view (the quote still « sent ») queues quote.viewed; later ones queue nothing.
    if (view.quote.status === 'sent') context.wake.webhooks()
  }
  return { ...view, documentSha256: sha256 }
}

/** The quote's PDF, or the sealed signed copy once it exists. */
export async function linkPdf(db: Database, token: string): Promise<{ pdf: Uint8Array; filename: string }> {
  const view = await openLink(db, token)
  const { signedPdf } = await readSigningFiles(db, token)
  const pdf = signedPdf ?? (await quoteDocument(db, token, view)).pdf
  return { pdf, filename: quotePdfName(view.quote, signedPdf !== null) }
}

export async function declineLink(
  context: SigningContext,
  token: string,
  reason: string,
  visitor: Visitor
): Promise<{ state: 'declined' }> {
  const { db, config } = context
  const view = await openAnswerableLink(db, token)
  // The button leads to the quote itself, where the reason is shown too.
  const quoteUrl = new URL(paths.quote.href(view.quote.id), config.site.siteUrl).href
  const notice = declinedNoticeEmail(view.quote, reason, new Date(), quoteUrl, config.site)
  const emails = view.company.email === '' ? [] : [{ kind: 'quote-declined', to: view.company.email, ...notice }]
  const { rows } = await asAnonymous(db, (tx) =>
    tx.query<{ outcome: string }>('select paraphe.decline_quote($1, $2, $3, $4, $5) as outcome', [
      hashToken(token),
      reason.trim(),
      visitor.ip,
      visitor.userAgent,
      JSON.stringify(emails)
    ])
  )
  if (rows[0]?.outcome !== 'declined_now') throw await answerRefusal(db, token)
  context.wake.outbox()
  context.wake.webhooks()
  return { state: 'declined' }
}

/** Records the signature, then seals and mails the signed copy (repaired later if that fails). */
export async function signLink(
  context: SigningContext,
  token: string,
  body: SignBody,
  visitor: Visitor
): Promise<{ state: 'signed'; signedDocument: boolean }> {
  const { db } = context
  const view = await openAnswerableLink(db, token)
  const fields = signingProblems(body, view.quote.buildingTrade)
  if (Object.keys(fields).length > 0) throw new ApiProblem(422, 'signature_incomplete', 'La signature n’est pas complète.', fields)
  const { sha256 } = await quoteDocument(db, token, view)
  if (sha256 !== body.documentSha256) {
    throw new ApiProblem(
      409,
      'document_changed',
      'Le devis a changé depuis que vous l’avez ouvert : rechargez la page pour lire la version à jour avant de signer.'
    )
  }
  const otpVerified = view.quote.requireEmailCode ? await checkSigningCode(db, token, body.emailCode) : false
  const evidence = {
    ip: visitor.ip,
    userAgent: visitor.userAgent,
    signerName: body.signerName.trim(),
    signerEmail: view.quote.client.email,
    method: body.signature.method,
    mention: body.mention.trim(),
    emailCode: view.quote.requireEmailCode ? 'vérifié' : 'non demandé',
    documentSha256: sha256
  }
  const drawing =
    body.signature.method === 'drawn'
      ? {
          strokes: body.signature.strokes,
          padWidth: body.signature.padWidth,
          padHeight: body.signature.padHeight,
          preWorkAcknowledged: body.preWorkAcknowledged === true
        }
      : null
  const { rows } = await asAnonymous(db, (tx) =>
    tx.query<{ outcome: string }>('select paraphe.sign_quote($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) as outcome', [
      hashToken(token),
      evidence.signerName,
      evidence.signerEmail,
      body.signature.method,
      drawing === null ? null : JSON.stringify(drawing),
      body.signature.method === 'typed' ? body.signature.text.trim() : null,
      evidence.mention,
      visitor.ip,
      evidence.userAgent,
      sha256,
      otpVerified,
      JSON.stringify(evidence)
    ])
  )
  if (rows[0]?.outcome !== 'signed') throw await answerRefusal(db, token)
  // The signature stands from here. A seal that cannot be made now is retried within seconds
  // (repairSealsSoon), and by the periodic jobs after that (see completeSignature).
  const started = performance.now()
  let signedDocument = false
  try {
    const certificate = await context.sealCertificate()
    // It wakes the outbox, the webhooks and the deposit invoice's job for what it queued.
    await completeSignature({ db, config: context.config, certificate, log: context.log, wake: context.wake }, view.quote.id)
    signedDocument = true
  } catch (error) {
    context.log.error({ err: error, quoteId: view.quote.id }, 'signed copy not sealed yet')
    context.repairSealsSoon()
  }
  context.log.info({ quoteId: view.quote.id, sealMs: Math.round(performance.now() - started) }, 'quote signed')
  return { state: 'signed', signedDocument }
}

/** Sends a new e-mail code to the client; returns the masked address. */
export async function sendSigningCode(context: SigningContext, token: string): Promise<{ sentTo: string }> {
  const view = await openAnswerableLink(context.db, token)
  const sentTo = await queueSigningCode(context.db, token, view, context.config.site)
  context.wake.outbox()
  return { sentTo }
}
