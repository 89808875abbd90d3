// The DNS side of a sender address: the TXT records published for its domain, read with
// node:dns through the resolvers the operator names (DNS_SERVERS), else the system's.
import { Resolver } from 'node:dns/promises'

export type TxtLookup = (name: string) => Promise<string[][]>

/** Codes that mean « no such record » rather than « the lookup failed ». */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN'])

export function txtLookup(servers: readonly string[] | null, timeoutMs = 5000): TxtLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 })
  if (servers !== null && servers.length > 0) resolver.setServers([...servers])
  return async (name) => {
    try {
      return await resolver.resolveTxt(name)
    } catch (error) {
      if (ABSENT.has((error as { code?: string }).code ?? '')) return []
      throw error
    }
  }
}
