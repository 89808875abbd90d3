// The logger as domain code sees it: pino's (and so Fastify's) loggers fit it, and a domain
// module needs no Fastify type to log.

export interface Log {
  info: (details: object, message: string) => void
  warn: (details: object, message: string) => void
  error: (details: object, message: string) => void
}
