// The workspace's side of the company's sender address (`/api/company/sender`), under the owner-only
// policies of paraphe.company_senders: set it (a new DKIM key and a confirmation link sent to it),
// send the link again, check the DNS records, remove it; and the link's confirmation itself.
import type { DnsRecord, Sender, SenderAnswer } from '@paraphe/shared/api/company-sender-schemas'
import {
  checkSenderAddress,
  dkimRecordName,
  dkimRecordValue,
  dkimSelector,
  domainOf,
  hasDkimKey,
  hasSpfInclude,
  senderState,
  spfRecordValue
} from '@paraphe/shared/company-sender'
import { planAllows } from '@paraphe/shared/plans'
import { requireOwner, type RequestMember } from '../company/membership.js'
import type { Site } from '../config.js'
import { asAnonymous, type Database, type Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { enqueueEmail } from '../mail/outbox.js'
import { senderNameFor } from '../mail/sender-name.js'
import type { SiteIdentity } from '../mail/templates/layout.js'
import { senderConfirmationEmail } from '../mail/templates/sender-confirmation.js'
import { hashToken, isWellFormedToken, newSigningToken } from '../tokens/link-token.js'
import { requireFeature } from '../plans/plan-gates.js'
import { currentPlan } from '../plans/plan-usage.js'
import type { DkimKeyPair } from './dkim-key.js'
import type { TxtLookup } from './dns-check.js'

const OWNER_ACTION = 'gérer l’adresse d’expédition'
/** One confirmation e-mail a minute at most. */
export const CONFIRMATION_RESEND_SECONDS = 60

interface SenderRow {
  address: string
  dkim_selector: string
  dkim_public_key: string
  confirmation_sent_at: Date | null
  confirmed_at: Date | null
  checked_at: Date | null
  dkim_found: boolean | null
  spf_found: boolean | null
}

const COLUMNS = 'address, dkim_selector, dkim_public_key, confirmation_sent_at, confirmed_at, checked_at, dkim_found, spf_found'

export interface SenderSettings {
  site: Site
  /** The SPF include of the operator's SMTP service (SENDER_SPF_INCLUDE); null: no SPF record shown. */
  spfInclude: string | null
}

function records(row: SenderRow, spfInclude: string | null): DnsRecord[] {
  const domain = domainOf(row.address)
  const dkim: DnsRecord = {
    purpose: 'dkim',
    type: 'TXT',
    name: dkimRecordName(row.dkim_selector, domain),
    value: dkimRecordValue(row.dkim_public_key),
    found: row.dkim_found
  }
  if (spfInclude === null) return [dkim]
  return [dkim, { purpose: 'spf', type: 'TXT', name: domain, value: spfRecordValue(spfInclude), found: row.spf_found }]
}

function toSender(row: SenderRow, spfInclude: string | null): Sender {
  return {
    address: row.address,
    state: senderState(row.confirmed_at !== null, row.dkim_found === true),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    confirmationSentAt: row.confirmation_sent_at?.toISOString() ?? null,
    checkedAt: row.checked_at?.toISOString() ?? null,
    records: records(row, spfInclude)
  }
}

async function companyName(tx: Queryable): Promise<string> {
  const { rows } = await tx.query<{ company_name: string }>('select company_name from paraphe.profiles limit 1')
  return rows[0]?.company_name ?? ''
}

async function senderRow(tx: Queryable, lock = false): Promise<SenderRow | undefined> {
  const { rows } = await tx.query<SenderRow>(`select ${COLUMNS} from paraphe.company_senders${lock ? ' for update' : ''}`)
  return rows[0]
}

const noSender = () => new ApiProblem(404, 'not_found', 'Aucune adresse d’expédition n’est enregistrée.')

export async function readSender(tx: Queryable, member: RequestMember, settings: SenderSettings): Promise<SenderAnswer> {
  requireOwner(member, OWNER_ACTION)
  const row = await senderRow(tx)
  return {
    sender: row === undefined ? null : toSender(row, settings.spfInclude),
    included: planAllows(await currentPlan(tx), 'customSender'),
    viaName: senderNameFor((await companyName(tx)) || 'Votre entreprise', String(settings.site.siteName)) ?? ''
  }
}

async function sendConfirmation(tx: Queryable, member: RequestMember, address: string, site: SiteIdentity): Promise<void> {
  const token = newSigningToken()
  await tx.query('update paraphe.company_senders set confirm_token_hash = $1, confirmation_sent_at = now()', [hashToken(token)])
  const email = senderConfirmationEmail(site, { companyName: (await companyName(tx)) || address, address, token })
  await enqueueEmail(tx, { companyId: member.companyId, kind: 'sender-confirmation', to: address, ...email })
}

/**
 * A new address (or the same one again): a new key pair, so a new DNS record to publish, and a
 * confirmation link sent to it. The e-mails keep the « via » form until both are done.
 */
export async function setSender(
  tx: Queryable,
  member: RequestMember,
  input: string,
  key: DkimKeyPair,
  settings: SenderSettings
): Promise<SenderAnswer> {
  requireOwner(member, OWNER_ACTION)
  await requireFeature(tx, 'customSender', settings.site.siteUrl)
  const checked = checkSenderAddress(input)
  if (!checked.ok) throw new ApiProblem(400, 'validation_failed', 'Certains champs sont invalides.', { address: checked.message })
  await tx.query('delete from paraphe.company_senders')
  await tx.query(
    `insert into paraphe.company_senders (company_id, address, dkim_selector, dkim_public_key, dkim_private_key) values ($1, $2, $3, $4, $5)`,
    [member.companyId, checked.address, dkimSelector(new Date()), key.publicKeyBase64, key.privateKeyPem]
  )
  await sendConfirmation(tx, member, checked.address, settings.site)
  return readSender(tx, member, settings)
}

export async function resendConfirmation(tx: Queryable, member: RequestMember, settings: SenderSettings): Promise<SenderAnswer> {
  requireOwner(member, OWNER_ACTION)
  const { rows } = await tx.query<SenderRow & { recent: boolean }>(
    `select ${COLUMNS}, confirmation_sent_at > now() - make_interval(secs => $1) as recent from paraphe.company_senders for update`,
    [CONFIRMATION_RESEND_SECONDS]
  )
  const row = rows[0]
  if (row === undefined) throw noSender()
  if (row.confirmed_at !== null) throw new ApiProblem(409, 'already_confirmed', 'Cette adresse est déjà confirmée.')
  if (row.recent) throw new ApiProblem(429, 'too_soon', 'Le lien vient d’être envoyé : patientez une minute avant de le renvoyer.')
  await sendConfirmation(tx, member, row.address, settings.site)
  return readSender(tx, member, settings)
}

/** The published records as the DNS answers now: looked up outside any transaction. */
export async function lookUpRecords(address: string, selector: string, lookup: TxtLookup): Promise<{ dkim: string[][]; spf: string[][] }> {
  const domain = domainOf(address)
  try {
    const [dkim, spf] = await Promise.all([lookup(dkimRecordName(selector, domain)), lookup(domain)])
    return { dkim, spf }
  } catch {
    throw new ApiProblem(502, 'dns_unavailable', 'Le DNS de votre domaine n’a pas répondu : réessayez dans quelques minutes.')
  }
}

export async function senderForCheck(tx: Queryable, member: RequestMember): Promise<{ address: string; selector: string }> {
  requireOwner(member, OWNER_ACTION)
  const row = await senderRow(tx)
  if (row === undefined) throw noSender()
  return { address: row.address, selector: row.dkim_selector }
}

/** Records what the lookup found, if the address is still the one looked up. */
export async function recordCheck(
  tx: Queryable,
  member: RequestMember,
  looked: { address: string; selector: string },
  found: { dkim: string[][]; spf: string[][] },
  settings: SenderSettings
): Promise<SenderAnswer> {
  requireOwner(member, OWNER_ACTION)
  const row = await senderRow(tx, true)
  if (row === undefined) throw noSender()
  if (row.address === looked.address && row.dkim_selector === looked.selector) {
    const spf = settings.spfInclude === null ? null : hasSpfInclude(found.spf, settings.spfInclude)
    await tx.query('update paraphe.company_senders set checked_at = now(), dkim_found = $1, spf_found = $2', [
      hasDkimKey(found.dkim, row.dkim_public_key),
      spf
    ])
  }
  return readSender(tx, member, settings)
}

export async function removeSender(tx: Queryable, member: RequestMember): Promise<void> {
  requireOwner(member, OWNER_ACTION)
  const { rowCount } = await tx.query('delete from paraphe.company_senders')
  if (rowCount === 0) throw noSender()
}

/** The link in the confirmation e-mail: true when it confirmed an address. */
export async function confirmSender(db: Database, token: string): Promise<boolean> {
  if (!isWellFormedToken(token)) return false
  const { rows } = await asAnonymous(db, (tx) =>
    tx.query<{ address: string | null }>('select paraphe.confirm_company_sender($1) as address', [hashToken(token)])
  )
  return (rows[0]?.address ?? null) !== null
}
