// Its own module: the gateway's process names it without loading node-forge (seal-certificate-process.ts).

/** An operator-facing problem with a signing certificate: what is wrong and what to change. */
export class SealCertificateError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SealCertificateError'
  }
}
