// The lifecycle message of an e-invoice (« CDAR »: UN/CEFACT Cross-Domain Acknowledgement and
// Response, D22B, as the French reform uses it — guideline urn.cpro.gouv.fr:1p0:CDV:invoice), both
// ways, as pure functions: writeCdar makes the message Paraphe deposits on the seller's platform
// (212 « Encaissée » with the amount received per VAT rate), parseCdar reads the ones platforms
// send back (203 Mise à disposition, 205 Approuvée, 210 Refusée with its reason…). The element
// names and their order follow public CDAR samples of the reform (the AFNOR XP Z12-012 text itself
// is sold): ExchangedDocument (message id, date, issuer and recipient parties), then one
// AcknowledgementDocument whose ReferenceReferencedDocument is the invoice (number, type, issue
// date), its status (ProcessConditionCode), parties, and SpecifiedDocumentStatus (date, reason,
// and the amounts as characteristics MEN « montant encaissé » with their VAT rate).
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { create } from 'xmlbuilder2'
import { LIFECYCLE_LABELS } from '@paraphe/shared/invoices/lifecycle-statuses'

export const CDAR_NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100'
} as const

/** The reform's profile of the lifecycle message (« cycle de vie »). */
export const CDAR_GUIDELINE = 'urn.cpro.gouv.fr:1p0:CDV:invoice'
/** The characteristic that carries an amount received (« montant encaissé »), one per VAT rate. */
export const AMOUNT_RECEIVED_CODE = 'MEN'
/** Files larger than this are not lifecycle messages (a CDAR is a few kilobytes). */
export const CDAR_MAX_BYTES = 1_000_000

export interface CdarParty {
  /** SIREN (ISO 6523 scheme 0002); null when the message names the party otherwise. */
  siren: string | null
  name: string | null
  /** SE seller, BY buyer, WK a platform, DFH the State's (UNCL 3035 as the reform uses it); as read otherwise. */
  role: string
}

export interface CdarRateAmount {
  rateBp: number
  amountCents: number
}

/** One status about one invoice: what a CDAR message says. */
export interface CdarStatus {
  messageId: string
  /** When the message was made (UTC, whole seconds). */
  issuedAt: string
  /** XP Z12-012 code: 212 Encaissée, 210 Refusée… */
  statusCode: number
  /** The status's own date (YYYY-MM-DD): for 212, the day the payment was received. */
  statusDate: string
  /** The invoice the status is about; its seller and buyer by SIREN (ISO 6523 scheme 0002). */
  invoice: { number: string; issueDate: string; typeCode: string; sellerSiren: string | null; buyerSiren: string | null }
  /** Who gives the status (the seller for 212, the buyer for 210, a platform for 213…). */
  issuer: CdarParty
  recipient: CdarParty | null
  reason: { code: string | null; text: string | null } | null
  /** 212: the amount received per VAT rate (empty for the other statuses). */
  amounts: CdarRateAmount[]
}

/** A file that is not a readable lifecycle message: what is wrong with it, in French. */
export class CdarError extends Error {
  override readonly name = 'CdarError'
}

type XmlNode = { [key: string]: unknown }

const compact = (date: string) => date.replaceAll('-', '')

/** 2026-11-28T10:00:00.000Z → 20261128100000 (format 204). */
function dateTime204(iso: string): string {
  return iso.slice(0, 19).replace(/[-:T]/g, '')
}

function euros(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const absolute = Math.abs(cents)
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`
}

function percent(rateBp: number): string {
  return (rateBp / 100).toFixed(2)
}

function party(value: CdarParty): XmlNode {
  // The reform's parties are named by SIREN (scheme 0002); a name only where one is given.
  return {
    'ram:GlobalID': value.siren === null ? undefined : { '@schemeID': '0002', '#': value.siren },
    'ram:Name': value.name ?? undefined,
    'ram:RoleCode': value.role
  }
}

/** The CDAR XML of one status (UTF-8, deterministic: the same status gives the same bytes). */
export function writeCdar(status: CdarStatus): string {
  const label = LIFECYCLE_LABELS[status.statusCode]
  const documentStatus: XmlNode = {
    'ram:ReferenceDateTime': { 'udt:DateTimeString': { '@format': '102', '#': compact(status.statusDate) } },
    'ram:ReasonCode': status.reason?.code ?? undefined,
    'ram:Reason': status.reason?.text ?? undefined,
    'ram:SpecifiedDocumentCharacteristic':
      status.amounts.length === 0
        ? undefined
        : status.amounts.map((amount) => ({
            'ram:TypeCode': AMOUNT_RECEIVED_CODE,
            'ram:ValueAmount': { '@currencyID': 'EUR', '#': euros(amount.amountCents) },
            'ram:ValuePercent': percent(amount.rateBp)
          }))
  }
  const tree = {
    'rsm:CrossDomainAcknowledgementAndResponse': {
      '@xmlns:rsm': CDAR_NAMESPACES.rsm,
      '@xmlns:ram': CDAR_NAMESPACES.ram,
      '@xmlns:qdt': CDAR_NAMESPACES.qdt,
      '@xmlns:udt': CDAR_NAMESPACES.udt,
      'rsm:ExchangedDocumentContext': {
        'ram:BusinessProcessSpecifiedDocumentContextParameter': { 'ram:ID': 'REGULATED' },
        'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': CDAR_GUIDELINE }
      },
      'rsm:ExchangedDocument': {
        'ram:ID': status.messageId,
        'ram:IssueDateTime': { 'udt:DateTimeString': { '@format': '204', '#': dateTime204(status.issuedAt) } },
        'ram:IssuerTradeParty': party(status.issuer),
        'ram:RecipientTradeParty': status.recipient === null ? undefined : party(status.recipient)
      },
      'rsm:AcknowledgementDocument': {
        'ram:MultipleReferencesIndicator': { 'udt:Indicator': 'false' },
        'ram:TypeCode': '23',
        'ram:IssueDateTime': { 'udt:DateTimeString': { '@format': '204', '#': dateTime204(status.issuedAt) } },
        'ram:ReferenceReferencedDocument': {
          'ram:IssuerAssignedID': status.invoice.number,
          'ram:TypeCode': status.invoice.typeCode,
          'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': { '@format': '102', '#': compact(status.invoice.issueDate) } },
          'ram:ProcessConditionCode': String(status.statusCode),
          'ram:ProcessCondition': label ?? undefined,
          'ram:IssuerTradeParty': party({ siren: status.invoice.sellerSiren, name: null, role: 'SE' }),
          'ram:RecipientTradeParty':
            status.invoice.buyerSiren === null ? undefined : party({ siren: status.invoice.buyerSiren, name: null, role: 'BY' }),
          'ram:SpecifiedDocumentStatus': documentStatus
        }
      }
    }
  }
  return create({ version: '1.0', encoding: 'UTF-8' }, tree).end({ prettyPrint: true })
}

// ---- Reading ----

const REPEATED = new Set(['ReferenceReferencedDocument', 'SpecifiedDocumentStatus', 'SpecifiedDocumentCharacteristic'])

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => REPEATED.has(name)
})

function child(node: unknown, name: string): unknown {
  return node !== null && typeof node === 'object' ? (node as XmlNode)[name] : undefined
}

function children(node: unknown, name: string): unknown[] {
  const value = child(node, name)
  return Array.isArray(value) ? value : value === undefined ? [] : [value]
}

function textOf(node: unknown): string | null {
  if (typeof node === 'string') return node === '' ? null : node
  if (typeof node === 'number') return String(node)
  const inner = child(node, '#text')
  return typeof inner === 'string' || typeof inner === 'number' ? textOf(inner) : null
}

/** A DateTimeString (format 102 YYYYMMDD or 204 YYYYMMDDHHMMSS) as an ISO date and date-time. */
function dateOf(node: unknown): { date: string; dateTime: string } | null {
  const value = textOf(child(node, 'DateTimeString'))
  const match = value === null ? null : /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?/.exec(value)
  if (match === null) return null
  const [, year, month, day, hours = '00', minutes = '00', seconds = '00'] = match
  const dateTime = `${year}-${month}-${day}T${hours}:${minutes}:${seconds}.000Z`
  if (Number.isNaN(Date.parse(dateTime))) return null
  return { date: `${year}-${month}-${day}`, dateTime }
}

function partyOf(node: unknown): CdarParty | null {
  if (node === undefined) return null
  const id = child(node, 'GlobalID')
  const scheme = child(id, '@schemeID')
  const value = textOf(id)
  return {
    siren: value !== null && (scheme === '0002' || scheme === undefined) && /^\d{9}$/.test(value) ? value : null,
    name: textOf(child(node, 'Name')),
    role: textOf(child(node, 'RoleCode')) ?? ''
  }
}

function centsOf(value: string | null, where: string): number {
  const match = value === null ? null : /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value)
  if (match === null) throw new CdarError(`Montant illisible dans ${where} : « ${value ?? ''} ».`)
  const [, sign, units, decimals = ''] = match
  const cents = Number(units) * 100 + Number(decimals.padEnd(2, '0'))
  return sign === '-' ? -cents : cents
}

function rateBpOf(value: string | null): number {
  if (value === null) throw new CdarError('Taux de TVA manquant sur un montant encaissé.')
  const rate = Number(value)
  if (!Number.isFinite(rate) || rate < 0 || rate > 100) throw new CdarError(`Taux de TVA illisible : « ${value} ».`)
  return Math.round(rate * 100)
}

/**
 * Reads a CDAR lifecycle message (the first invoice it refers to, the last status given for it).
 * Throws a CdarError saying in French what is wrong: not XML, not a CDAR, a missing field.
 */
export function parseCdar(xml: string): CdarStatus {
  if (Buffer.byteLength(xml) > CDAR_MAX_BYTES) throw new CdarError('Fichier trop volumineux pour un message de cycle de vie (CDAR).')
  const valid = XMLValidator.validate(xml)
  if (valid !== true) throw new CdarError(`Message de cycle de vie illisible (XML invalide, ligne ${valid.err.line}) : ${valid.err.msg}`)
  const root = child(parser.parse(xml) as XmlNode, 'CrossDomainAcknowledgementAndResponse')
  if (root === undefined)
    throw new CdarError('Ce fichier n’est pas un message de cycle de vie (CrossDomainAcknowledgementAndResponse attendu).')
  const exchanged = child(root, 'ExchangedDocument')
  const acknowledgement = child(root, 'AcknowledgementDocument')
  const reference = children(acknowledgement, 'ReferenceReferencedDocument')[0]
  if (reference === undefined) throw new CdarError('Message de cycle de vie sans facture référencée (ReferenceReferencedDocument).')
  const number = textOf(child(reference, 'IssuerAssignedID'))
  if (number === null) throw new CdarError('Message de cycle de vie sans numéro de facture (IssuerAssignedID).')
  const statuses = children(reference, 'SpecifiedDocumentStatus')
  // The status code sits on the referenced document (reform samples), or on its status in some platforms' files.
  const codeText =
    textOf(child(reference, 'ProcessConditionCode')) ??
    statuses.map((status) => textOf(child(status, 'ProcessConditionCode'))).findLast((code) => code !== null) ??
    null
  if (codeText === null || !/^\d{3}$/.test(codeText))
    throw new CdarError(`Code de statut absent ou illisible (ProcessConditionCode : « ${codeText ?? ''} »).`)
  const issued = dateOf(child(exchanged, 'IssueDateTime')) ?? dateOf(child(acknowledgement, 'IssueDateTime'))
  if (issued === null) throw new CdarError('Message de cycle de vie sans date (IssueDateTime).')
  const status = statuses.at(-1)
  const statusDate = dateOf(child(status, 'ReferenceDateTime'))?.date ?? issued.date
  const reasonCode = textOf(child(status, 'ReasonCode'))
  const reasonText = textOf(child(status, 'Reason'))
  const amounts = statuses.flatMap((entry) =>
    children(entry, 'SpecifiedDocumentCharacteristic')
      .filter((characteristic) => textOf(child(characteristic, 'TypeCode')) === AMOUNT_RECEIVED_CODE)
      .map((characteristic) => ({
        rateBp: rateBpOf(textOf(child(characteristic, 'ValuePercent'))),
        amountCents: centsOf(textOf(child(characteristic, 'ValueAmount')), 'un montant encaissé')
      }))
  )
  const issuer = partyOf(child(exchanged, 'IssuerTradeParty'))
  return {
    messageId: textOf(child(exchanged, 'ID')) ?? '',
    issuedAt: issued.dateTime,
    statusCode: Number(codeText),
    statusDate,
    invoice: {
      number,
      issueDate: dateOf(child(reference, 'FormattedIssueDateTime'))?.date ?? '',
      typeCode: textOf(child(reference, 'TypeCode')) ?? '',
      sellerSiren: partyOf(child(reference, 'IssuerTradeParty'))?.siren ?? null,
      buyerSiren: partyOf(child(reference, 'RecipientTradeParty'))?.siren ?? null
    },
    issuer: issuer ?? { siren: null, name: null, role: '' },
    recipient: partyOf(child(exchanged, 'RecipientTradeParty')),
    reason: reasonCode === null && reasonText === null ? null : { code: reasonCode, text: reasonText },
    amounts
  }
}
