// Reads (or, on a first start, generates) the seal certificate in a short-lived process of its
// own: opening a PKCS#12 file takes node-forge (Node's crypto cannot), about 10 MB the gateway's
// process would keep for its whole life though it never seals (sealing happens in the PDF
// processes, which open the file themselves). Started by plugins/app/seal.ts; the process ends
// once it has answered.
import { fork } from 'node:child_process'
import { SealCertificateError } from './seal-certificate-error.js'
import type { SealCertificate } from './signing-certificate.js'

export interface SealCertificateOptions {
  configured: { p12: Buffer; passphrase: string } | null
  dataDir: string
  organisation: string
}

/** What the process answers: the certificate, or why it cannot be used (an operator's mistake or a failure). */
export type SealCertificateAnswer = { certificate: SealCertificate } | { error: string; operator: boolean }

function processFile(): URL {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  return new URL(`./seal-certificate-child${extension}`, import.meta.url)
}

export function loadSealCertificateOffProcess(options: SealCertificateOptions): Promise<SealCertificate> {
  return new Promise((resolve, reject) => {
    const child = fork(processFile(), [], {
      execArgv: process.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc']
    })
    let answered = false
    child.once('message', (answer: SealCertificateAnswer) => {
      answered = true
      child.disconnect()
      if ('certificate' in answer) {
        // Structured clone turns the Buffer into a plain Uint8Array.
        resolve({ ...answer.certificate, p12: Buffer.from(answer.certificate.p12) })
      } else {
        reject(answer.operator ? new SealCertificateError(answer.error) : new Error(answer.error))
      }
    })
    child.once('error', (error) => {
      if (!answered) reject(error)
    })
    child.once('exit', (code, signal) => {
      if (!answered) reject(new Error(`the seal certificate's process ended without an answer (${signal ?? `code ${String(code)}`})`))
    })
    child.send(options)
  })
}
