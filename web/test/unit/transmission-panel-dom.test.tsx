// « Transmission » on an issued invoice, in a DOM against the real gateway and the plateforme
// agréée's stand-in (XP Z12-013 flow API, test tree only): without a platform the e-mail is the way
// (a credit note says « l’avoir »), a private client is out of e-invoicing, a buyer missing from the
// directory waits for the e-mail; with one, an outage shows « En attente de transmission » and its
// error, then the deposit and the statuses the platform sends back, a refusal asking for a credit
// note, a file the platform rejected; an unreadable transmission is said in French.
import './dom/register.js'
import t from 'tap'
import { screen } from '@testing-library/dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { TransmissionPanel } from '@/features/invoices/components/transmission-panel'
import { createApiClient } from '@/lib/api-client'
import { startStandInPa } from '../../../gateway/test/support/stand-in-pa.js'
import { press, renderPage, startGateway, textOf, untilText, type SignedIn } from './dom/page.js'

// Each issue makes a real Factur-X PDF/A-3 in a PDF process.
t.setTimeout(300_000)

const gateway = await startGateway()
t.teardown(gateway.close)
const pa = await startStandInPa()
t.teardown(pa.close)

const business = (siren: string, index: number) => ({
  kind: 'standard',
  client: { kind: 'business', name: 'Service achats', company: `Promoteur ${index}`, address: '5 place Bellecour\n69002 Lyon' },
  clientSiren: siren,
  lines: [{ description: `Réfection toiture ${index}`, quantityMilli: 1000, unitPriceCents: 100_000 + index, vatRateBp: 2000 }]
})
const individual = {
  kind: 'standard',
  client: { kind: 'individual', name: 'Mme Martin', address: '3 rue des Lilas\n69003 Lyon' },
  lines: [{ description: 'Dépannage', quantityMilli: 1000, unitPriceCents: 9_000, vatRateBp: 1000 }]
}

async function issue(user: SignedIn, request: object): Promise<Invoice> {
  const draft = await user.request('POST', '/api/invoices', { request })
  if (draft.statusCode !== 201) throw new Error(draft.body)
  const issued = await user.request('POST', `/api/invoices/${draft.json<{ invoice: Invoice }>().invoice.id}/issue`)
  if (issued.statusCode !== 200) throw new Error(issued.body)
  // The hand-off runs after the answer: its pass is awaited, so the panel reads where it went.
  await gateway.app.jobs.wake()
  return issued.json<{ invoice: Invoice }>().invoice
}

/** The panel's text once it has read the transmission. */
async function panelOf(user: SignedIn, invoiceId: string, credit = false): Promise<{ text: string; unmount: () => void }> {
  const unmount = renderPage(<TransmissionPanel invoiceId={invoiceId} credit={credit} />, { api: user.api, userId: user.id })
  const heading = await screen.findByRole('heading', { name: 'Transmission' })
  return { text: textOf(heading.parentElement), unmount }
}

t.test('without a platform: the e-mail, in the invoice’s or the credit note’s words', async (t) => {
  const owner = await gateway.owner()
  const toBusiness = await issue(owner, business('552100554', 1))
  let shown = await panelOf(owner, toBusiness.id)
  t.match(shown.text, 'Aucune plateforme agréée n’est configurée : la facture s’envoie par e-mail (« Envoyer la facture »).')
  t.ok(screen.getByRole('link', { name: 'Ma plateforme agréée' }), 'a link to connect one')
  shown.unmount()

  const credited = await owner.request('POST', `/api/invoices/${toBusiness.id}/credit-notes`, { creditAmountCents: 5000, issue: true })
  t.equal(credited.statusCode, 201, credited.body.slice(0, 300))
  const credit = credited.json<{ invoice: Invoice }>().invoice
  await gateway.app.jobs.wake()
  shown = await panelOf(owner, credit.id, true)
  t.match(shown.text, 'l’avoir s’envoie par e-mail (« Envoyer l’avoir »)', 'a credit note says « l’avoir »')
  t.notMatch(shown.text, 'la facture')
  shown.unmount()

  const toPerson = await issue(owner, individual)
  shown = await panelOf(owner, toPerson.id)
  t.match(
    shown.text,
    'Client particulier ou étranger : la facture s’envoie par e-mail (« Envoyer la facture »), hors facturation électronique.'
  )
  t.equal(screen.queryByRole('list', { name: 'Statuts de la facture' }), null, 'no platform status')
  shown.unmount()
})

t.test('with a platform: an outage waits, then the deposit and the statuses come back', async (t) => {
  const owner = await gateway.owner()
  const saved = await owner.request('PUT', '/api/company/platform', {
    apiUrl: pa.url,
    authKind: 'oauth2',
    tokenUrl: pa.tokenUrl,
    clientId: pa.clientId,
    secret: pa.clientSecret
  })
  t.equal(saved.statusCode, 200, saved.body)

  pa.faults.unavailable = true
  const invoice = await issue(owner, business('552100554', 2))
  const shown = await panelOf(owner, invoice.id)
  t.match(shown.text, /En attente de transmission : prochain essai le .+\. Dernière erreur : .*503/)
  pa.faults.unavailable = false
  // Its next try brought forward: the hand-off job's and the row the panel shows.
  await gateway.app.db.query(`update paraphe.invoice_transmissions set next_attempt_at = now() where invoice_id = $1`, [invoice.id])
  await gateway.app.db.query(
    `update paraphe.jobs set next_attempt_at = now() where name = 'transmission.hand-off' and payload ->> 'invoiceId' = $1 and status = 'pending'`,
    [invoice.id]
  )
  await gateway.app.jobs.wake()
  await press('Actualiser les statuts')
  await untilText(/Déposée sur votre plateforme agréée le .+\./)

  await gateway.app.transmission.pollStatuses()
  pa.advance(invoice.id, 203)
  pa.advance(invoice.id, 210, 'Commande non reçue')
  await gateway.app.transmission.pollStatuses()
  await press('Actualiser les statuts')
  await untilText('Refusée : Commande non reçue')
  const statuses = screen.getByRole('list', { name: 'Statuts de la facture' })
  t.match(textOf(statuses), /Déposée — .+Mise à disposition — .+Refusée : Commande non reçue — /)
  t.match(textOf(), 'Une facture refusée ou rejetée ne se modifie pas : corrigez-la par un avoir, puis émettez une nouvelle facture.')
  t.notMatch(textOf(), 'Fichier rejeté', 'the file itself was accepted')
  shown.unmount()
})

t.test('a file the platform rejects, and a buyer missing from its directory', async (t) => {
  const owner = await gateway.owner()
  await owner.request('PUT', '/api/company/platform', {
    apiUrl: pa.url,
    authKind: 'oauth2',
    tokenUrl: pa.tokenUrl,
    clientId: pa.clientId,
    secret: pa.clientSecret
  })
  const invoice = await issue(owner, business('552100554', 3))
  // The platform's verdict on the file, as it acknowledges a flow it refuses (the stand-in plays it).
  const flow = pa.flows.find((candidate) => candidate.trackingId === invoice.id)
  if (flow === undefined) throw new Error('the invoice was not deposited')
  flow.acknowledgement = {
    status: 'Error',
    details: [{ level: 'Error', item: 'file', reasonCode: 'InvalidSchema', reasonMessage: 'Schéma non respecté' }]
  }
  await gateway.app.transmission.pollStatuses()
  let shown = await panelOf(owner, invoice.id)
  await untilText('Fichier rejeté par la plateforme')
  t.match(textOf(), /Fichier rejeté par la plateforme : .*Schéma non respecté/)
  shown.unmount()

  pa.unlisted.add('443061841')
  const unlisted = await issue(owner, business('443061841', 4))
  shown = await panelOf(owner, unlisted.id)
  t.match(
    shown.text,
    'Ce client n’est pas (encore) inscrit dans l’annuaire des plateformes agréées : envoyez-lui la facture par e-mail en attendant (« Envoyer la facture »).'
  )
  shown.unmount()
})

t.test('a transmission the page cannot read is said, and read again on demand', async (t) => {
  const owner = await gateway.owner()
  const invoice = await issue(owner, individual)
  let reachable = false
  const api = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) => (reachable ? gateway.fetch(input, init) : Promise.reject(new TypeError('fetch failed')))
  })
  t.teardown(renderPage(<TransmissionPanel invoiceId={invoice.id} />, { api, userId: owner.id }))
  t.equal(textOf(await screen.findByRole('alert')), 'La transmission n’a pas pu être lue.')
  reachable = true
  await press('Actualiser les statuts')
  await untilText('Client particulier ou étranger')
  t.equal(screen.queryByRole('alert'), null, 'the failure is gone once read')
})
