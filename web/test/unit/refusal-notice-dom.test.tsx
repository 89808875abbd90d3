// A refused invoice in a DOM against the real gateway and the plateforme agréée's stand-in: the
// « Transmission » panel says the refusal's reason and offers one action, which issues the credit
// note and opens the new draft; pressed again (a second screen), the gateway's French refusal is
// shown. The invoice list shows each invoice's last platform status (« Approuvée », « Refusée »).
// « Ma plateforme agréée » gives the webhook's address and its secret once.
import './dom/register.js'
import t from 'tap'
import { screen, within } from '@testing-library/dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { TransmissionPanel } from '@/features/invoices/components/transmission-panel'
import { Component as InvoicesPage } from '@/features/invoices/routes/invoices-list'
import { Component as PlatformPage } from '@/features/platform/routes/platform'
import { API_MESSAGES, createApiClient } from '@/lib/api-client'
import { startStandInPa } from '../../../gateway/test/support/stand-in-pa.js'
import { currentLocation, press, renderPage, startGateway, textOf, untilText, waitForLocation, type SignedIn } from './dom/page.js'

// Each issue makes a real Factur-X PDF/A-3 in a PDF process.
t.setTimeout(300_000)

const gateway = await startGateway()
t.teardown(gateway.close)
const pa = await startStandInPa()
t.teardown(pa.close)

const owner = await gateway.owner()
const saved = await owner.request('PUT', '/api/company/platform', {
  apiUrl: pa.url,
  authKind: 'oauth2',
  tokenUrl: pa.tokenUrl,
  clientId: pa.clientId,
  secret: pa.clientSecret
})
if (saved.statusCode !== 200) throw new Error(saved.body)

let index = 0
async function issue(user: SignedIn): Promise<Invoice> {
  index += 1
  const draft = await user.request('POST', '/api/invoices', {
    request: {
      kind: 'standard',
      client: { kind: 'business', name: 'Service achats', company: `Promoteur ${index}`, address: '5 place Bellecour\n69002 Lyon' },
      clientSiren: '552100554',
      lines: [{ description: `Réfection toiture ${index}`, quantityMilli: 1000, unitPriceCents: 100_000 + index, vatRateBp: 2000 }]
    }
  })
  if (draft.statusCode !== 201) throw new Error(draft.body)
  const issued = await user.request('POST', `/api/invoices/${draft.json<{ invoice: Invoice }>().invoice.id}/issue`)
  if (issued.statusCode !== 200) throw new Error(issued.body)
  // Rendered then deposited: the passes are awaited, so the platform has the flow.
  await gateway.app.jobs.wake()
  await gateway.app.jobs.wake()
  return issued.json<{ invoice: Invoice }>().invoice
}

const refused = await issue(owner)
const approved = await issue(owner)
const rejected = await issue(owner)
pa.advance(refused.id, 210, 'Commande non reçue')
pa.advance(approved.id, 205)
pa.advance(rejected.id, 213)
await gateway.app.transmission.pollStatuses()

t.test('the refusal’s notice: one action, the credit note and the new draft, then refused in French', async (t) => {
  const panel = () =>
    renderPage(<TransmissionPanel invoiceId={refused.id} />, {
      api: owner.api,
      userId: owner.id,
      at: `/espace/factures/${refused.id}`,
      route: '/espace/factures/:id'
    })
  let unmount = panel()
  await untilText('Refusée : Commande non reçue')
  const notice = await screen.findByRole('region', { name: 'Facture refusée' })
  t.match(textOf(notice), 'Facture refusée par le client : Commande non reçue')
  t.match(textOf(notice), 'annulez-la par un avoir')
  t.equal(screen.getAllByRole('button', { name: /avoir/ }).length, 1, 'one action')
  await press('Annuler par un avoir et refaire la facture')
  // Another invoice's page than the refused one's.
  await waitForLocation(new RegExp(`^/espace/factures/(?!${refused.id}$)[0-9a-f-]{36}$`))
  const opened = currentLocation().split('/').at(-1)
  t.not(opened, refused.id, 'the new draft is opened')
  const notes = await gateway.app.db.query<{ kind: string; status: string }>(
    `select kind, status from paraphe.invoices where corrects_invoice_id = $1`,
    [refused.id]
  )
  t.same(notes.rows, [{ kind: 'credit_note', status: 'issued' }], 'one credit note, issued')
  const draft = await owner.request('GET', `/api/invoices/${opened ?? ''}`)
  t.match(draft.json<{ invoice: Invoice }>().invoice, {
    status: 'draft',
    clientName: refused.clientName,
    totalTtcCents: refused.totalTtcCents
  })
  unmount()

  // A second screen still showing the action: the gateway refuses, the page says why.
  unmount = panel()
  await screen.findByRole('region', { name: 'Facture refusée' })
  await press('Annuler par un avoir et refaire la facture')
  t.match(textOf(await screen.findByRole('alert')), /déjà annulée par un avoir/)
  t.equal((await gateway.app.db.query(`select 1 from paraphe.invoices where corrects_invoice_id = $1`, [refused.id])).rows.length, 1)
  unmount()

  // Once cancelled, the page says where the new invoice is instead of offering the action again.
  unmount = renderPage(<TransmissionPanel invoiceId={refused.id} creditable={false} />, { api: owner.api, userId: owner.id })
  await untilText('la nouvelle facture est dans la liste des factures')
  t.equal(screen.queryByRole('button', { name: /refaire/ }), null)
  unmount()
})

t.test('a rejection by the platform, without a reason', async (t) => {
  const unmount = renderPage(<TransmissionPanel invoiceId={rejected.id} />, { api: owner.api, userId: owner.id })
  const notice = await screen.findByRole('region', { name: 'Facture rejetée' })
  t.match(textOf(notice), /^Facture rejetée par la plateformeUne facture émise/, 'no reason given, none shown')
  t.ok(within(notice).getByRole('button', { name: 'Annuler par un avoir et refaire la facture' }))
  unmount()
})

t.test('the list shows each invoice’s last platform status', async (t) => {
  const unmount = renderPage(<InvoicesPage />, { api: owner.api, userId: owner.id, at: '/espace/factures' })
  const approvedCard = (await screen.findByRole('link', { name: new RegExp(approved.number ?? '?') })).closest('li')
  const refusedCard = screen.getByRole('link', { name: new RegExp(refused.number ?? '?') }).closest('li')
  t.match(textOf(approvedCard), 'Plateforme agrééeApprouvée')
  t.match(textOf(refusedCard), 'Plateforme agrééeRefusée')
  t.ok(refusedCard?.querySelector('.invoice-card__lifecycle--alert'), 'a refusal stands out')
  unmount()
})

t.test('« Ma plateforme agréée »: the webhook’s address, and its secret shown once', async (t) => {
  const unmount = renderPage(<PlatformPage />, { api: owner.api, userId: owner.id, at: '/espace/plateforme-agreee' })
  await screen.findByRole('heading', { name: 'Webhook de la plateforme (facultatif)' })
  t.match(textOf(), 'X-Signature: sha256=<HMAC-SHA256 du corps brut, en hexadécimal>')
  t.equal(screen.queryByLabelText('Adresse à enregistrer chez la plateforme'), null, 'no address before one is generated')
  await press('Générer l’adresse et le secret du webhook')
  const secret = await screen.findByLabelText<HTMLInputElement>('Secret du webhook')
  t.match(secret.value, /^pawh_/)
  const address = screen.getByLabelText<HTMLInputElement>('Adresse à enregistrer chez la plateforme')
  t.match(address.value, /\/api\/platform-webhooks\/[A-Za-z0-9_-]{32}$/)
  t.ok(screen.getByRole('button', { name: 'Remplacer l’adresse et le secret du webhook' }))
  unmount()

  // A failure is said in French, and the address shown is kept.
  const offline = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) => (init?.method === 'POST' ? Promise.reject(new TypeError('fetch failed')) : gateway.fetch(input, init))
  })
  const failing = renderPage(<PlatformPage />, { api: offline, userId: owner.id, at: '/espace/plateforme-agreee' })
  await screen.findByRole('button', { name: 'Remplacer l’adresse et le secret du webhook' })
  await press('Remplacer l’adresse et le secret du webhook')
  t.equal(textOf(await screen.findByRole('alert')), API_MESSAGES.unreachable, 'the failure is said in French')
  t.ok(screen.getByLabelText('Adresse à enregistrer chez la plateforme'))
  failing()

  // Read again: the address stays, the secret is never shown again.
  const again = renderPage(<PlatformPage />, { api: owner.api, userId: owner.id, at: '/espace/plateforme-agreee' })
  const kept = await screen.findByLabelText<HTMLInputElement>('Adresse à enregistrer chez la plateforme')
  t.equal(kept.value, address.value)
  t.equal(screen.queryByLabelText('Secret du webhook'), null)
  again()
})
