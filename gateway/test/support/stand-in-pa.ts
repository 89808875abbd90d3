// A plateforme agréée as a test sees it, built from the published shape of the AFNOR XP Z12-013
// flow API (never a runtime mode of the product): OAuth2 client credentials at /oauth/token,
// GET /v1/healthcheck, POST /v1/flows (multipart flowInfo + file, 202 with the flowId),
// POST /v1/flows/search, GET /v1/flows/{flowId}, and the directory's
// GET /v1/siren/code-insee:{siren}. Each Factur-X received has its factur-x.xml taken out
// (pdfdetach) and checked against the official XSD (xmllint): an invalid file is acknowledged
// Error / InvalidSchema. A repeat (same trackingId and SHA-256) answers 409 AlreadyExistingFlow.
// The test moves an invoice's lifecycle forward (lifecycle flows, direction In) and switches faults
// on: 503 for a while, slow answers, tokens ended early. Deposits are counted per trackingId.
import { execFile } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { XSD } from '../invoices/support/facturx-validator.js'

const run = promisify(execFile)

export interface StandInFlow {
  flowId: string
  trackingId: string | null
  submittedAt: string
  updatedAt: string
  flowType: 'CustomerInvoice' | 'CustomerInvoiceLC'
  flowDirection: 'Out' | 'In'
  flowSyntax: string
  flowProfile: string | null
  processingRule: string | null
  sha256: string | null
  acknowledgement: {
    status: 'Pending' | 'Ok' | 'Error'
    details: Array<{ level: string; item: string; reasonCode: string; reasonMessage: string }>
  }
  /** Lifecycle flows only: a summary of the CDAR's status (the stand-in's stand-in for parsing the CDAR). */
  lifecycle?: {
    statusCode: number
    invoiceTrackingId: string | null
    invoiceFlowId: string
    reasonMessage: string | null
    statusDate: string
  }
}

export interface StandInPa {
  url: string
  tokenUrl: string
  clientId: string
  clientSecret: string
  /** Accepted deposits per trackingId (a repeat answered AlreadyExistingFlow is not counted). */
  deposits: Map<string, number>
  /** Every file received, by flowId, with the XML taken out of it. */
  files: Map<string, { pdf: Buffer; xml: string | null }>
  flows: StandInFlow[]
  /** SIRENs the directory does not know. */
  unlisted: Set<string>
  faults: { unavailable: boolean; slowMs: number; tokensEndEarly: boolean }
  /** Requests answered 503 while unavailable. */
  refusedWhileUnavailable: number
  /** A lifecycle status about the invoice deposited with this trackingId. */
  advance: (trackingId: string, statusCode: number, reason?: string) => StandInFlow
  close: () => Promise<void>
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function send(response: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value)
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  response.end(text)
}

/** The factur-x.xml of a PDF, and xmllint's verdict against the Factur-X EN 16931 XSD. */
async function schemaCheck(pdf: Buffer): Promise<{ xml: string | null; valid: boolean; message: string }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'stand-in-pa-'))
  try {
    await writeFile(path.join(folder, 'in.pdf'), pdf)
    try {
      await run('pdfdetach', ['-saveall', '-o', folder, path.join(folder, 'in.pdf')])
    } catch {
      return { xml: null, valid: false, message: 'not a PDF with attachments' }
    }
    let xml: string
    try {
      xml = await readFile(path.join(folder, 'factur-x.xml'), 'utf8')
    } catch {
      return { xml: null, valid: false, message: 'no factur-x.xml attached' }
    }
    const checked = await run('xmllint', ['--noout', '--schema', XSD, path.join(folder, 'factur-x.xml')]).then(
      () => ({ valid: true, message: '' }),
      (error: { stderr?: string }) => ({ valid: false, message: (error.stderr ?? '').slice(0, 300) })
    )
    return { xml, ...checked }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

export async function startStandInPa(): Promise<StandInPa> {
  const clientId = 'paraphe-test'
  const clientSecret = `pa-secret-${randomBytes(12).toString('hex')}`
  const tokens = new Map<string, number>()
  let clock = Date.now()
  /** updatedAt strictly increasing, as a platform's clock is for one client. */
  const tick = () => new Date((clock = Math.max(clock + 1, Date.now()))).toISOString()

  const state: Omit<StandInPa, 'url' | 'tokenUrl' | 'close' | 'advance'> = {
    clientId,
    clientSecret,
    deposits: new Map(),
    files: new Map(),
    flows: [],
    unlisted: new Set(),
    faults: { unavailable: false, slowMs: 0, tokensEndEarly: false },
    refusedWhileUnavailable: 0
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const payload = await body(request)
    if (state.faults.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, state.faults.slowMs))
    if (state.faults.unavailable) {
      state.refusedWhileUnavailable += 1
      return send(response, 503, { errorCode: 'RESOURCE_ERROR', errorMessage: 'Service temporarily unavailable' })
    }
    if (url.pathname === '/oauth/token' && request.method === 'POST') {
      const form = new URLSearchParams(payload.toString('utf8'))
      if (form.get('grant_type') !== 'client_credentials') return send(response, 400, { error: 'unsupported_grant_type' })
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return send(response, 401, { error: 'invalid_client' })
      const token = randomBytes(24).toString('base64url')
      tokens.set(token, Date.now() + 3_600_000)
      return send(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 })
    }
    if (!url.pathname.startsWith('/v1/')) return send(response, 404, { errorCode: 'NOT_FOUND', errorMessage: 'Not found' })
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    const expiresAt = token === undefined ? undefined : tokens.get(token)
    if (token === undefined || expiresAt === undefined || expiresAt < Date.now())
      return send(response, 401, { errorCode: 'MISSING_TOKEN', errorMessage: 'Missing or expired token' })
    // « Tokens ended early »: each token serves one call, though it said an hour.
    if (state.faults.tokensEndEarly) tokens.delete(token)

    if (url.pathname === '/v1/healthcheck' && request.method === 'GET') return send(response, 200, { status: 'UP' })
    const siren = /^\/v1\/siren\/code-insee:(\d{9})$/.exec(url.pathname)?.[1]
    if (siren !== undefined && request.method === 'GET') {
      if (state.unlisted.has(siren)) return send(response, 404, { errorCode: 'NOT_FOUND', errorMessage: 'SIREN not in the directory' })
      return send(response, 200, { siren, businessName: `Entreprise ${siren}`, entityType: 'Privée' })
    }
    if (url.pathname === '/v1/flows' && request.method === 'POST') {
      const form = await new Request('http://stand-in/v1/flows', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: new Uint8Array(payload)
      }).formData()
      const infoPart = form.get('flowInfo')
      const filePart = form.get('file')
      if (infoPart === null || !(filePart instanceof Blob))
        return send(response, 400, { errorCode: 'EmptyFlow', errorMessage: 'flowInfo and file are required' })
      const info = JSON.parse(typeof infoPart === 'string' ? infoPart : await infoPart.text()) as Record<string, string | undefined>
      const file = Buffer.from(await filePart.arrayBuffer())
      const sha256 = createHash('sha256').update(file).digest('hex')
      if (info.sha256 !== undefined && info.sha256 !== sha256)
        return send(response, 400, { errorCode: 'ChecksumMismatch', errorMessage: 'sha256 does not match the file' })
      const trackingId = info.trackingId ?? null
      const earlier = state.flows.find(
        (flow) => flow.flowType === 'CustomerInvoice' && trackingId !== null && flow.trackingId === trackingId
      )
      if (earlier !== undefined)
        return send(response, 409, {
          errorCode: 'AlreadyExistingFlow',
          errorMessage: 'A flow with this trackingId exists',
          flowId: earlier.flowId
        })
      const checked = await schemaCheck(file)
      const now = tick()
      const flow: StandInFlow = {
        flowId: randomUUID(),
        trackingId,
        submittedAt: now,
        updatedAt: now,
        flowType: 'CustomerInvoice',
        flowDirection: 'Out',
        flowSyntax: info.flowSyntax ?? '',
        flowProfile: info.flowProfile ?? null,
        processingRule: info.processingRule ?? null,
        sha256,
        acknowledgement: checked.valid
          ? { status: 'Ok', details: [] }
          : { status: 'Error', details: [{ level: 'Error', item: 'file', reasonCode: 'InvalidSchema', reasonMessage: checked.message }] }
      }
      state.flows.push(flow)
      state.files.set(flow.flowId, { pdf: file, xml: checked.xml })
      if (trackingId !== null) state.deposits.set(trackingId, (state.deposits.get(trackingId) ?? 0) + 1)
      return send(response, 202, { flowId: flow.flowId, trackingId, submittedAt: now, sha256 })
    }
    if (url.pathname === '/v1/flows/search' && request.method === 'POST') {
      const query = JSON.parse(payload.toString('utf8') || '{}') as { limit?: number; where?: Record<string, unknown> }
      const where = query.where ?? {}
      const limit = Math.min(query.limit ?? 25, 100)
      const after = typeof where.updatedAfter === 'string' ? Date.parse(where.updatedAfter) : -Infinity
      const results = state.flows
        .filter((flow) => Date.parse(flow.updatedAt) > after)
        .filter((flow) => where.trackingId === undefined || flow.trackingId === where.trackingId)
        .filter((flow) => !Array.isArray(where.flowType) || (where.flowType as string[]).includes(flow.flowType))
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
        .slice(0, limit)
      return send(response, 200, { limit, filters: where, results })
    }
    const flowId = /^\/v1\/flows\/([^/]+)$/.exec(url.pathname)?.[1]
    if (flowId !== undefined && request.method === 'GET') {
      const flow = state.flows.find((candidate) => candidate.flowId === flowId)
      return flow === undefined ? send(response, 404, { errorCode: 'NOT_FOUND', errorMessage: 'Unknown flow' }) : send(response, 200, flow)
    }
    return send(response, 404, { errorCode: 'NOT_FOUND', errorMessage: 'Not found' })
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { errorCode: 'INTERNAL', errorMessage: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const base = `http://127.0.0.1:${port}`
  return Object.assign(state, {
    url: base,
    tokenUrl: `${base}/oauth/token`,
    advance(trackingId: string, statusCode: number, reason?: string) {
      const invoice = state.flows.find((flow) => flow.flowType === 'CustomerInvoice' && flow.trackingId === trackingId)
      if (invoice === undefined) throw new Error(`no invoice flow with trackingId ${trackingId}`)
      const now = tick()
      const flow: StandInFlow = {
        flowId: randomUUID(),
        trackingId: null,
        submittedAt: now,
        updatedAt: now,
        flowType: 'CustomerInvoiceLC',
        flowDirection: 'In',
        flowSyntax: 'CDAR',
        flowProfile: null,
        processingRule: null,
        sha256: null,
        acknowledgement: { status: 'Ok', details: [] },
        lifecycle: {
          statusCode,
          invoiceTrackingId: trackingId,
          invoiceFlowId: invoice.flowId,
          reasonMessage: reason ?? null,
          statusDate: now
        }
      }
      state.flows.push(flow)
      return flow
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  })
}
