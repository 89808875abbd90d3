// The company's own sender address (Entreprise): the rules the page and the gateway share — the
// address accepted, the DNS records to publish, how a published record is recognised, and the
// state the sending follows. Addresses are as long as e-mail addresses may be (EMAIL_MAX_LENGTH). E-mails leave from that address only once it is confirmed (a link
// sent to it) and its DKIM key is found in DNS; until then they keep the « via » form.
import { isEmailAddress } from './email.js'

/** DKIM selectors are `paraphe<YYYYMM>`: a new key (a new address) gets a new record name. */
export const DKIM_SELECTOR_PREFIX = 'paraphe'

/** Mailbox providers whose domains no company can publish DNS records for. */
const SHARED_MAILBOX_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.fr',
  'hotmail.com',
  'hotmail.fr',
  'live.fr',
  'live.com',
  'yahoo.com',
  'yahoo.fr',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  'icloud.com',
  'me.com',
  'gmx.fr',
  'aol.com',
  'protonmail.com',
  'proton.me'
])

export type SenderAddressCheck = { ok: true; address: string; domain: string } | { ok: false; message: string }

/** The domain part, lower-cased. */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase()
}

export function checkSenderAddress(input: string): SenderAddressCheck {
  const address = input.trim()
  if (address === '') return { ok: false, message: 'Indiquez l’adresse d’expédition.' }
  if (!isEmailAddress(address))
    return { ok: false, message: 'Cette adresse e-mail n’est pas valide (exemple : devis@votre-entreprise.fr).' }
  const domain = domainOf(address)
  if (SHARED_MAILBOX_DOMAINS.has(domain)) {
    return {
      ok: false,
      message: `Les adresses ${domain} ne peuvent pas servir : il faut une adresse de votre propre nom de domaine, où vous pouvez publier un enregistrement DNS.`
    }
  }
  // Domains are case-insensitive: kept in lower case, as DNS and the DKIM signature name them.
  return { ok: true, address: `${address.slice(0, address.lastIndexOf('@'))}@${domain}`, domain }
}

export function dkimSelector(createdAt: Date): string {
  return `${DKIM_SELECTOR_PREFIX}${createdAt.getUTCFullYear()}${String(createdAt.getUTCMonth() + 1).padStart(2, '0')}`
}

export function dkimRecordName(selector: string, domain: string): string {
  return `${selector}._domainkey.${domain}`
}

/** The DKIM TXT record (RFC 6376 §3.6.1) for an RSA public key in base64 (SubjectPublicKeyInfo DER). */
export function dkimRecordValue(publicKeyBase64: string): string {
  return `v=DKIM1; k=rsa; p=${publicKeyBase64}`
}

/** The SPF record to publish, or to merge into an existing one (a domain has one SPF record). */
export function spfRecordValue(include: string): string {
  return `v=spf1 include:${include} ~all`
}

/** TXT answers come as chunks of at most 255 characters: joined, as a reader of the record does. */
const joined = (records: ReadonlyArray<readonly string[]>) => records.map((chunks) => chunks.join(''))

/** A DKIM record carrying this key (tags in any order, spaces anywhere in `p=`). */
export function hasDkimKey(records: ReadonlyArray<readonly string[]>, publicKeyBase64: string): boolean {
  return joined(records).some((record) => {
    const tags = new Map(
      record
        .split(';')
        .map((tag) => tag.split('='))
        .filter((parts) => parts.length >= 2)
        .map(([name, ...value]) => [(name ?? '').trim(), value.join('=').replace(/\s+/g, '')] as const)
    )
    return (tags.get('v') ?? 'DKIM1') === 'DKIM1' && tags.get('p') === publicKeyBase64
  })
}

/** The domain's SPF record includes `include` (SPF is case-insensitive). */
export function hasSpfInclude(records: ReadonlyArray<readonly string[]>, include: string): boolean {
  return joined(records).some((record) => {
    const terms = record.trim().toLowerCase().split(/\s+/)
    return terms[0] === 'v=spf1' && terms.some((term) => term.replace(/^[+~?]/, '') === `include:${include.toLowerCase()}`)
  })
}

export type SenderState = 'awaiting-confirmation' | 'awaiting-dns' | 'active'

/** Where the address stands; the e-mails leave from it in the `active` state only. */
export function senderState(confirmed: boolean, dkimFound: boolean): SenderState {
  if (!confirmed) return 'awaiting-confirmation'
  return dkimFound ? 'active' : 'awaiting-dns'
}
