// Where a webhook may be sent (SSRF). In production an endpoint is an https URL whose host resolves
// only to public addresses: never loopback, private, link-local, CGNAT, multicast, reserved or
// documentation ranges, nor their IPv4-mapped, IPv4-compatible, NAT64 or 6to4 IPv6 forms. The rule
// is checked when the owner registers the URL, and again at each delivery on the addresses the
// connection actually uses (guardedLookup), so a DNS answer changed in between (rebinding) cannot
// reach an internal service. Outside production, http and loopback are allowed (tests, local dev).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { WEBHOOK_URL_MAX_LENGTH } from '@paraphe/shared/api/webhook-schemas'

const FORBIDDEN = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4] // reserved, broadcast
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible (::a.b.c.d)
  ['64:ff9b::', 96], // NAT64 (would reach any IPv4 address, private ones included)
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8] // multicast
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv6')

/** true for an address a webhook must never reach in production (IPv4-mapped IPv6 is checked as IPv4). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return true
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

export interface DestinationRules {
  /** Production: https only and public addresses only. */
  production: boolean
  /** The resolver (tests give one); by default the system's, as the connection itself uses. */
  lookup?: (hostname: string) => Promise<readonly LookupAddress[]>
}

function systemLookup(hostname: string): Promise<readonly LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error === null ? resolve(addresses) : reject(error)))
  })
}

/** A URL's hostname without the brackets of an IPv6 literal. */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
}

/** The refusal of `raw` in French, or the URL to store. */
export async function checkWebhookUrl(raw: string, rules: DestinationRules): Promise<{ url: URL } | { problem: string }> {
  const text = raw.trim()
  if (text === '') return { problem: 'Indiquez l’adresse (URL) qui recevra les événements.' }
  if (text.length > WEBHOOK_URL_MAX_LENGTH) return { problem: `L’adresse ne doit pas dépasser ${WEBHOOK_URL_MAX_LENGTH} caractères.` }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { problem: 'Cette adresse n’est pas une URL valide. Exemple : https://erp.exemple.fr/paraphe/webhooks' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'L’adresse doit commencer par https://.' }
  if (rules.production && url.protocol !== 'https:')
    return { problem: 'L’adresse doit utiliser https:// : les événements ne voyagent que chiffrés.' }
  if (url.username !== '' || url.password !== '')
    return { problem: 'L’adresse ne doit pas contenir d’identifiant ni de mot de passe : vérifiez la signature des événements à la place.' }
  if (url.hash !== '') return { problem: 'L’adresse ne doit pas contenir de fragment (#…).' }
  if (!rules.production) return { url }
  const problem = await addressProblem(bareHost(url), rules.lookup ?? systemLookup)
  return problem === null ? { url } : { problem }
}

/** Why `host` may not be reached in production (an internal address, an unknown name), or null. */
export async function addressProblem(
  host: string,
  lookup: (hostname: string) => Promise<readonly LookupAddress[]> = systemLookup
): Promise<string | null> {
  const internal = `L’adresse désigne un réseau interne (${host}) : indiquez un serveur joignable depuis Internet.`
  if (isIP(host) !== 0) return isForbiddenAddress(host) ? internal : null
  let addresses: readonly LookupAddress[]
  try {
    addresses = await lookup(host)
  } catch {
    return `Le nom de domaine ${host} est introuvable : vérifiez l’adresse.`
  }
  if (addresses.length === 0) return `Le nom de domaine ${host} est introuvable : vérifiez l’adresse.`
  return addresses.some((entry) => isForbiddenAddress(entry.address)) ? internal : null
}

/** The error a guarded connection fails with: no connection was opened. */
export class ForbiddenDestinationError extends Error {
  constructor(host: string, address: string) {
    super(`${host} résout vers une adresse interne (${address}) : envoi refusé.`)
    this.name = 'ForbiddenDestinationError'
  }
}

/**
 * The `lookup` of the delivery's socket: the addresses are checked as they are resolved for this
 * very connection, and the socket connects to one of them (no second resolution in between).
 */
export function guardedLookup(rules: DestinationRules): LookupFunction {
  const resolve = rules.lookup ?? systemLookup
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : null
        const addresses = found.filter((entry) => family === null || entry.family === family)
        const forbidden = rules.production ? addresses.find((entry) => isForbiddenAddress(entry.address)) : undefined
        if (forbidden !== undefined) return callback(new ForbiddenDestinationError(hostname, forbidden.address), '', 0)
        const first = addresses[0]
        if (first === undefined) return callback(Object.assign(new Error(`${hostname} : aucune adresse.`), { code: 'ENOTFOUND' }), '', 0)
        if (options.all === true) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses)
        return callback(null, first.address, first.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0)
    )
  }
}

/** Before connecting to an IP literal (which skips any lookup): the production rule on it. */
export function literalAddressProblem(url: URL, rules: DestinationRules): Error | null {
  const host = bareHost(url)
  if (!rules.production || isIP(host) === 0) return null
  return isForbiddenAddress(host) ? new ForbiddenDestinationError(host, host) : null
}
