import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { SealCertificate } from '../../seal/signing-certificate.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The seal's certificate: the configured one, or the self-signed one kept in DATA_DIR. */
    sealCertificate: () => Promise<SealCertificate>
  }
}

/**
 * Loaded once, on first use (server.ts asks for it right after start, so a bad SIGNING_P12 shows
 * in the first log lines and the self-signed one exists from the first start).
 */
export default fp(
  async function seal(fastify: FastifyInstance) {
    let loading: Promise<SealCertificate> | null = null
    fastify.decorate('sealCertificate', () => {
      // Read in a process of its own (seal/seal-certificate-process.ts): node-forge never
      // loads in the gateway's process.
      loading ??= import('../../seal/seal-certificate-process.js')
        .then(({ loadSealCertificateOffProcess }) =>
          loadSealCertificateOffProcess({
            configured:
              fastify.config.signing.p12 === null
                ? null
                : { p12: fastify.config.signing.p12, passphrase: fastify.config.signing.passphrase ?? '' },
            dataDir: fastify.config.database.dataDir,
            organisation: fastify.config.runtime.siteName
          })
        )
        .catch((error: unknown) => {
          loading = null
          throw error
        })
      return loading
    })
  },
  { name: 'seal', dependencies: ['config'] }
)
