import type { FastifyRequest } from 'fastify'

/** Query parameters that carry a credential: signing links, e-mail confirmations, OAuth codes. */
const SECRET_PARAMETER = /token|code|key|secret|password|signature/i

/** `/SignatureDevis?token=abc&x=1` → `/SignatureDevis?token=[masqué]&x=1`. */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?')
  if (queryAt === -1) return url
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      return equals !== -1 && SECRET_PARAMETER.test(decodeURIComponent(name.replace(/\+/g, ' ')).trim()) ? `${name}=[masqué]` : pair
    })
    .join('&')
  return `${url.slice(0, queryAt)}?${query}`
}

/**
 * The logger's redaction, for the process (server.ts) and the tests alike: request lines keep
 * their path but not the credentials in their query string, and credentials in headers (the auth
 * proxy forwards `Authorization` and `apikey`) are masked if ever logged.
 */
export const logRedaction = {
  redact: {
    paths: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    censor: '[masqué]'
  },
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactedUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort
    })
  }
}
