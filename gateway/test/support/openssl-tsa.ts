// A timestamping authority (RFC 3161) on loopback for the seal tests: a tiny HTTP server around
// Debian's `openssl ts -reply`, with its own throwaway certificate (extended key usage
// timeStamping, as RFC 3161 requires). What a real TSA (freetsa.org, DigiCert…) answers, made here.
import { execFile } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface TestTsa {
  url: string
  /** The TSA's certificate (PEM), to verify its tokens with `openssl ts -verify -CAfile`. */
  certificateFile: string
  /** Requests answered so far. */
  requests: () => number
  /** Makes the next answers an HTTP 503, as an authority that is down. */
  setDown: (down: boolean) => void
  stop: () => Promise<void>
}

export async function startOpensslTsa(): Promise<TestTsa> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paraphe-tsa-'))
  const key = path.join(dir, 'tsa.key')
  const certificateFile = path.join(dir, 'tsa.crt')
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    certificateFile,
    '-days',
    '2',
    '-subj',
    '/CN=Paraphe test TSA/O=Paraphe tests',
    '-addext',
    'extendedKeyUsage=critical,timeStamping',
    '-addext',
    'basicConstraints=critical,CA:FALSE',
    '-addext',
    'keyUsage=critical,digitalSignature'
  ])
  await writeFile(path.join(dir, 'serial'), '01\n')
  const config = path.join(dir, 'tsa.cnf')
  await writeFile(
    config,
    [
      '[ tsa ]',
      'default_tsa = test_tsa',
      '[ test_tsa ]',
      `serial = ${path.join(dir, 'serial')}`,
      `signer_cert = ${certificateFile}`,
      `signer_key = ${key}`,
      'signer_digest = sha256',
      'default_policy = 1.3.6.1.4.1.99999.1',
      'digests = sha256',
      'accuracy = secs:1',
      'ordering = yes',
      'tsa_name = yes',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      ''
    ].join('\n')
  )

  let answered = 0
  let down = false
  let counter = 0
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      void (async () => {
        if (down || request.method !== 'POST' || request.headers['content-type'] !== 'application/timestamp-query') {
          response.writeHead(down ? 503 : 400).end()
          return
        }
        counter += 1
        const query = path.join(dir, `query-${counter}.tsq`)
        const reply = path.join(dir, `reply-${counter}.tsr`)
        await writeFile(query, Buffer.concat(chunks))
        await run('openssl', ['ts', '-reply', '-config', config, '-queryfile', query, '-out', reply])
        answered += 1
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(await readFile(reply))
      })().catch(() => response.writeHead(500).end())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    certificateFile,
    requests: () => answered,
    setDown: (value) => {
      down = value
    },
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(dir, { recursive: true, force: true })
    }
  }
}
