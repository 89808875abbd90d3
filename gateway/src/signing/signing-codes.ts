// The optional e-mail code (OTP) a signer types before signing: sent once a minute at most,
// valid 10 minutes, 5 tries (the rules live in paraphe.create_signing_code / check_signing_code).
import { createHash, randomInt } from 'node:crypto'
import type { Site } from '../config.js'
import { asAnonymous, type Database } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { signingCodeEmail } from '../mail/templates/signing-notices.js'
import { hashToken } from '../tokens/link-token.js'
import type { SigningView } from './signing-view.js'
import { senderNameFor } from '../mail/sender-name.js'

const MISSING_CODE = 'Demandez d’abord un code : il vous sera envoyé par e-mail.'
const EMAIL_CODE_MESSAGES: Record<string, string> = {
  wrong: 'Ce code est incorrect. Vérifiez le dernier e-mail reçu (5 essais au plus par code).',
  locked: 'Trop d’essais avec ce code : demandez-en un nouveau.',
  expired: 'Ce code a expiré (il vaut 10 minutes) : demandez-en un nouveau.',
  missing: MISSING_CODE
}

/** Codes are hashed with the link's token: a code leaked from the table is useless elsewhere. */
function codeHash(token: string, code: string): string {
  return createHash('sha256').update(`${token}:${code}`).digest('hex')
}

/** « el***@example.org »: enough for the signer to recognise the address. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 2)}***@${domain}`
}

/** Queues a new code to the client's address; returns the masked address it goes to. */
export async function queueSigningCode(db: Database, token: string, view: SigningView, site: Site): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const email = {
    kind: 'signing-code',
    to: view.quote.client.email,
    replyTo: view.company.email === '' ? null : view.company.email,
    senderName: senderNameFor(view.company.companyName, site.siteName),
    ...signingCodeEmail(code, view.quote, view.company, site)
  }
  const { rows } = await asAnonymous(db, (tx) =>
    tx.query<{ outcome: string }>('select paraphe.create_signing_code($1, $2, $3) as outcome', [
      hashToken(token),
      codeHash(token, code),
      JSON.stringify([email])
    ])
  )
  if (rows[0]?.outcome === 'too_soon') {
    throw new ApiProblem(
      429,
      'code_too_soon',
      'Un code vient d’être envoyé : attendez une minute avant d’en demander un autre, et vérifiez vos courriers indésirables.'
    )
  }
  return maskEmail(view.quote.client.email)
}

/** Checks the code the signer typed; throws the French reason when it is not the right one. */
export async function checkSigningCode(db: Database, token: string, code: string | undefined): Promise<true> {
  if (code === undefined || !/^\d{6}$/.test(code.trim())) {
    throw new ApiProblem(422, 'email_code_required', 'Saisissez le code à 6 chiffres reçu par e-mail.', {
      emailCode: 'Saisissez le code à 6 chiffres reçu par e-mail.'
    })
  }
  const { rows } = await asAnonymous(db, (tx) =>
    tx.query<{ outcome: string }>('select paraphe.check_signing_code($1, $2) as outcome', [hashToken(token), codeHash(token, code.trim())])
  )
  const outcome = rows[0]?.outcome
  if (outcome === 'ok') return true
  const message = EMAIL_CODE_MESSAGES[outcome ?? 'missing'] ?? MISSING_CODE
  throw new ApiProblem(422, `email_code_${outcome ?? 'missing'}`, message, { emailCode: message })
}
