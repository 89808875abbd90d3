// Sending a quote: checks, number, freeze and signing link in one transaction, so a refusal or
// a crash leaves neither a used number nor a half-sent quote.
import type { CompanyProfile } from '@paraphe/shared/company'
import { parisIsoDate } from '@paraphe/shared/dates'
import { planAllows } from '@paraphe/shared/plans'
import { expiryDate, formatQuoteNumber, type Quote } from '@paraphe/shared/quote'
import type { Site } from '../config.js'
import { theRow, type Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { createSigningLink } from './signing-links.js'
import { enqueueEmail } from '../mail/outbox.js'
import { signingRequestEmail } from '../mail/templates/signing-request.js'
import { emailLogo } from '../mail/templates/email-logo.js'
import { featureRefusal, requireQuotaLeft } from '../plans/plan-gates.js'
import { currentPlan } from '../plans/plan-usage.js'
import { readLogo, readProfile } from '../profile/profile-repository.js'
import { sendingProblems } from './quote-completeness.js'
import type { QuoteDocument } from './quote-document.js'
import { QUOTE_COLUMNS, toQuote, type QuoteRow } from './quote-rows.js'
import { findQuote, frozen, recordEvent } from './quotes-repository.js'
import { senderNameFor } from '../mail/sender-name.js'

export interface SentQuote {
  quote: Quote
  company: CompanyProfile
  /** The logo frozen with the quote (paid plans), what its PDF is drawn with. */
  logo: QuoteDocument['logo']
  /** The only time the token exists in clear: it goes into the e-mail and the answer. */
  signingUrl: string
}

export interface SendContext {
  now: Date
  site: Site
}

export async function sendQuote(tx: Queryable, companyId: string, id: string, { now, site }: SendContext): Promise<SentQuote> {
  const publicUrl = site.siteUrl
  const row = await findQuote(tx, id, { lock: true })
  if (row.status !== 'draft') throw frozen()
  const { profile } = await readProfile(tx)
  const problems = sendingProblems(row.content, profile, now)
  if (Object.keys(problems).length > 0) {
    throw new ApiProblem(422, 'quote_incomplete', 'Il manque des informations obligatoires avant l’envoi.', problems)
  }
  // Taking the year's counter locks it: the account's sends run one at a time from here, so the
  // monthly count below is exact and numbers follow each other with no gap or duplicate.
  const year = Number(parisIsoDate(now).slice(0, 4))
  const counter = await tx.query<{ last_number: number }>(
    `insert into paraphe.quote_counters (company_id, year, last_number) values ($1, $2, 1)
     on conflict (company_id, year) do update set last_number = paraphe.quote_counters.last_number + 1
     returning last_number`,
    [companyId, year]
  )
  const plan = await currentPlan(tx)
  await requireQuotaLeft(tx, plan, publicUrl)
  // Refused here rather than at the draft's autosave: a draft written before a downgrade stays editable.
  if (row.content.requireEmailCode && !planAllows(plan, 'signerEmailCode')) throw featureRefusal(plan, 'signerEmailCode', publicUrl)
  // The logo is part of the paid plans; it is frozen with the rest of the quote.
  const logo = planAllows(plan, 'logo') ? await readLogo(tx) : null
  const number = formatQuoteNumber(year, theRow(counter.rows).last_number)
  const expiresOn = expiryDate(row.content.issueDate, row.content.validityDays)
  const { rows } = await tx.query<QuoteRow>(
    `update paraphe.quotes
        set status = 'sent', number = $2, company = $3, franchise_en_base = $4, sent_at = $5, expires_on = $6,
            search_text = $7 || ' ' || search_text, logo = $8, logo_type = $9, updated_at = now()
      where id = $1 returning ${QUOTE_COLUMNS}`,
    [
      id,
      number,
      JSON.stringify(profile),
      profile.franchiseEnBase,
      now,
      expiresOn,
      number.toLowerCase(),
      logo?.bytes ?? null,
      logo?.type ?? null
    ]
  )
  const signingUrl = await createSigningLink(tx, { id, companyId, expiresOn }, publicUrl)
  await recordEvent(tx, id, companyId, 'sent', { number, to: row.content.client.email })
  const quote = toQuote(theRow(rows))
  // Queued in this transaction: the e-mail exists exactly when the quote is sent.
  const inlineLogo = emailLogo(logo, profile.companyName)
  const email = signingRequestEmail(quote, profile, signingUrl, site, inlineLogo?.layout)
  await enqueueEmail(tx, {
    companyId,
    kind: 'signing-request',
    to: quote.client.email,
    replyTo: profile.email === '' ? null : profile.email,
    senderName: senderNameFor(profile.companyName, site.siteName),
    ...email,
    ...(inlineLogo === null ? {} : { attachments: [inlineLogo.attachment] })
  })
  return { quote, company: profile, logo, signingUrl }
}
