// The seal certificate's process (see seal-certificate-process.ts): one request, one answer, then
// it ends with its channel.
import type { SealCertificateAnswer, SealCertificateOptions } from './seal-certificate-process.js'
import { loadSealCertificate, SealCertificateError } from './signing-certificate.js'

process.once('message', (options: SealCertificateOptions) => {
  const configured = options.configured === null ? null : { ...options.configured, p12: Buffer.from(options.configured.p12) }
  loadSealCertificate({ ...options, configured })
    .then(
      (certificate): SealCertificateAnswer => ({ certificate }),
      (error: unknown): SealCertificateAnswer => ({
        error: error instanceof Error ? error.message : String(error),
        operator: error instanceof SealCertificateError
      })
    )
    .then((answer) => process.send?.(answer))
    .catch(() => process.exit(1))
})
