// Chorus Pro as a test sees it, behind a stand-in of the State's API gateway PISTE, built from the
// published shape of its API (never a runtime mode of the product): OAuth2 client credentials at
// /api/oauth/token, the supplier's technical account checked on every call (`cpro-account:
// base64(login:password)`), POST /cpro/factures/v1/deposer/flux (JSON: fichierFlux in base64,
// nomFichier, syntaxeFlux IN_DP_E2_CII_FACTURX; the Factur-X's XML taken out and checked against
// the official XSD, an invalid file refused) and POST /cpro/factures/v1/rechercher/fournisseur
// (listeFactures). The test moves an invoice's status forward (DEPOSEE → MISE_A_DISPOSITION → …)
// and switches faults on: 503 for a while, or a deposit taken whose answer is lost (503 after it).
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { schemaCheck } from './stand-in-pa.js'

export interface StandInChorusInvoice {
  identifiantFactureCPP: number
  numeroFacture: string
  numeroFluxDepot: string
  statut: string
  dateDepot: string
}

export interface StandInChorusPro {
  /** The API address (PISTE's gateway) and its token address. */
  url: string
  tokenUrl: string
  clientId: string
  clientSecret: string
  accountLogin: string
  accountPassword: string
  /** Deposits taken, by invoice number (a file refused is not counted). */
  deposits: Map<string, number>
  /** Each file taken, by deposit number, with its XML. */
  files: Map<string, { pdf: Buffer; xml: string }>
  invoices: StandInChorusInvoice[]
  /** Files refused by the XSD (or not a Factur-X). */
  refusedFiles: number
  /** Every syntaxeFlux received. */
  syntaxes: string[]
  faults: {
    /** Every call answered 503 while true. */
    unavailable: boolean
    /** This many next deposits are taken, then answered 503 (as when the answer is lost). */
    loseDepositAnswers: number
  }
  refusedWhileUnavailable: number
  /** Moves the invoice with this number to a Chorus Pro status (MISE_A_DISPOSITION, REJETEE…). */
  advance: (number: string, statut: string) => void
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

const OK = { codeRetour: 0, libelle: 'GCU_MSG_01_000' }
const MAX_BYTES = 10 * 1024 * 1024

export async function startStandInChorusPro(): Promise<StandInChorusPro> {
  const clientId = 'paraphe-piste-test'
  const clientSecret = `piste-secret-${randomBytes(12).toString('hex')}`
  const accountLogin = 'TECH_1_PARAPHE@cpro.fr'
  const accountPassword = `Compte-${randomBytes(8).toString('hex')}`
  const tokens = new Set<string>()
  let nextInvoiceId = 1000
  let nextFlow = 1

  const state: Omit<StandInChorusPro, 'url' | 'tokenUrl' | 'close' | 'advance'> = {
    clientId,
    clientSecret,
    accountLogin,
    accountPassword,
    deposits: new Map(),
    files: new Map(),
    invoices: [],
    refusedFiles: 0,
    syntaxes: [],
    faults: { unavailable: false, loseDepositAnswers: 0 },
    refusedWhileUnavailable: 0
  }

  async function deposit(payload: Record<string, unknown>, response: ServerResponse): Promise<void> {
    const syntax = String(payload.syntaxeFlux ?? '')
    state.syntaxes.push(syntax)
    if (syntax !== 'IN_DP_E2_CII_FACTURX' || typeof payload.fichierFlux !== 'string' || typeof payload.nomFichier !== 'string')
      return send(response, 400, { codeRetour: 20001, libelle: 'Paramètres du dépôt invalides' })
    const pdf = Buffer.from(payload.fichierFlux, 'base64')
    if (pdf.byteLength > MAX_BYTES) return send(response, 400, { codeRetour: 20002, libelle: 'Fichier trop volumineux' })
    const checked = await schemaCheck(pdf)
    const number = checked.xml === null ? undefined : /<rsm:ExchangedDocument>\s*<ram:ID>([^<]+)<\/ram:ID>/.exec(checked.xml)?.[1]
    if (!checked.valid || checked.xml === null || number === undefined) {
      state.refusedFiles += 1
      return send(response, 400, { codeRetour: 20003, libelle: `Fichier non conforme : ${checked.message}` })
    }
    const numeroFluxDepot = `CPP-FLUX-${nextFlow++}`
    state.files.set(numeroFluxDepot, { pdf, xml: checked.xml })
    state.deposits.set(number, (state.deposits.get(number) ?? 0) + 1)
    state.invoices.push({
      identifiantFactureCPP: nextInvoiceId++,
      numeroFacture: number,
      numeroFluxDepot,
      statut: 'DEPOSEE',
      dateDepot: new Date().toISOString().slice(0, 10)
    })
    if (state.faults.loseDepositAnswers > 0) {
      state.faults.loseDepositAnswers -= 1
      return send(response, 503, { codeRetour: 503, libelle: 'Service indisponible' })
    }
    return send(response, 200, { ...OK, numeroFluxDepot, dateDepot: new Date().toISOString().slice(0, 10), syntaxeFlux: syntax })
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const payload = await body(request)
    if (state.faults.unavailable) {
      state.refusedWhileUnavailable += 1
      return send(response, 503, { codeRetour: 503, libelle: 'Service indisponible' })
    }
    if (url.pathname === '/api/oauth/token' && request.method === 'POST') {
      const form = new URLSearchParams(payload.toString('utf8'))
      if (form.get('grant_type') !== 'client_credentials') return send(response, 400, { error: 'unsupported_grant_type' })
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return send(response, 401, { error: 'invalid_client' })
      const token = randomBytes(24).toString('base64url')
      tokens.add(token)
      return send(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'openid' })
    }
    if (!url.pathname.startsWith('/cpro/')) return send(response, 404, { error: 'not found' })
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    if (token === undefined || !tokens.has(token)) return send(response, 401, { error: 'invalid_token' })
    const account = Buffer.from(String(request.headers['cpro-account'] ?? ''), 'base64').toString('utf8')
    if (account !== `${accountLogin}:${accountPassword}`)
      return send(response, 401, { codeRetour: 401, libelle: 'Compte utilisateur non autorisé' })
    if (request.method !== 'POST') return send(response, 405, { error: 'method not allowed' })
    const json = JSON.parse(payload.toString('utf8') || '{}') as Record<string, unknown>
    if (url.pathname === '/cpro/factures/v1/deposer/flux') return deposit(json, response)
    if (url.pathname === '/cpro/factures/v1/rechercher/fournisseur') {
      const pagination = (json.pagination ?? {}) as { nbResultatsParPage?: number }
      const perPage = pagination.nbResultatsParPage ?? 10
      const matching = state.invoices.filter((invoice) => json.numeroFacture === undefined || invoice.numeroFacture === json.numeroFacture)
      const listeFactures = matching.slice(0, perPage).map((invoice) => ({ ...invoice }))
      return send(response, 200, {
        ...OK,
        listeFactures,
        parametresRetour: {
          pageCourante: 1,
          pages: Math.max(1, Math.ceil(matching.length / perPage)),
          nbResultatsParPage: perPage,
          total: matching.length
        }
      })
    }
    return send(response, 404, { error: 'not found' })
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { codeRetour: 500, libelle: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const base = `http://127.0.0.1:${port}`
  return Object.assign(state, {
    url: base,
    tokenUrl: `${base}/api/oauth/token`,
    advance(number: string, statut: string) {
      const invoice = state.invoices.find((candidate) => candidate.numeroFacture === number)
      if (invoice === undefined) throw new Error(`no Chorus Pro invoice numbered ${number}`)
      invoice.statut = statut
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  })
}
