// The client's side of an invoice on both engines: « Envoyer la facture » (the e-mail with its
// PDF and a link), the invoice page's data by that link (status, transfer details, EPC QR code
// from the PDF's payload), a link revoked by the professional then a new one sent, and another
// company's refusal.
import t from 'tap'
import type { InvoiceLinkView } from '@paraphe/shared/api/invoice-client-schemas'
import { formatLongDate } from '@paraphe/shared/dates'
import { forEachEngine } from '../support/databases.js'
import { buildWorkspaceApp, newUser } from '../support/workspace-users.js'
import { epcPayload, qrMatrix } from '../../src/invoices/facturx/epc-qr.js'
import { qrSvgPath } from '../../src/invoices/client/epc-qr-svg.js'
import { invoiceOf, issuedDeposit, mails, today, tokenIn, type ErrorJson } from './support/invoice-mail-cases.js'

// Real Factur-X PDF/A-3 builds on two engines: minutes on a busy 2-core machine.
t.setTimeout(600_000)

forEachEngine('the invoice e-mail, the client’s page and the PDF by its link', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const pro = await newUser(app)
  const invoice = await issuedDeposit(t, db, pro)

  const draft = invoiceOf(
    await pro.request('POST', '/api/invoices', { request: { kind: 'deposit', quoteId: invoice.quoteId, depositBp: 1000 } })
  )
  const notIssued = await pro.request('POST', `/api/invoices/${draft.id}/send`, {})
  t.equal(notIssued.statusCode, 409, 'a draft is not sent')
  t.match(notIssued.json<ErrorJson>().error.message, /Émettez la facture/)
  const badAddress = await pro.request('POST', `/api/invoices/${invoice.id}/send`, { to: 'pas-une-adresse' })
  t.equal(badAddress.statusCode, 422)
  t.match(badAddress.json<ErrorJson>().error.message, /adresse e-mail ne semble pas valide/)

  const sent = await pro.request('POST', `/api/invoices/${invoice.id}/send`, {})
  t.equal(sent.statusCode, 200, sent.body.slice(0, 300))
  t.equal(sent.json<{ sentTo: string }>().sentTo, 'elise.martin@example.org', 'to the client on the invoice')
  t.same(
    invoiceOf(sent).events.map((event) => event.type),
    ['issued', 'sent']
  )

  const [mail] = await mails(db, pro, 'invoice')
  t.equal(mail?.recipient, 'elise.martin@example.org')
  t.equal(mail?.subject, `Facture d’acompte ${invoice.number ?? ''} de Dupont Rénovation`)
  t.match(mail?.text_body, /Montant à régler\u202f: 403,24\u00a0€/, 'the amount')
  t.match(mail?.text_body, new RegExp(`Échéance\u202f: ${formatLongDate(today)}`), 'the due date')
  t.match(mail?.text_body, /IBAN\u202f: FR76 3000 6000 0112 3456 7890 189/)
  const pdf = await pro.request('GET', `/api/invoices/${invoice.id}/pdf`)
  t.equal(mail?.attachments.length, 1)
  t.equal(mail?.attachments[0]?.filename, `Facture-${invoice.number ?? ''}.pdf`)
  t.ok(
    Buffer.from(mail?.attachments[0]?.contentBase64 ?? '', 'base64').equals(pdf.rawPayload),
    'the issued Factur-X PDF attached, byte for byte'
  )

  const token = tokenIn(mail?.text_body ?? '')
  t.equal(token.length, 43, 'a 256-bit token in the link')
  const stored = await db.query<{ token_hash: Buffer }>('select token_hash from paraphe.invoice_links where invoice_id = $1', [invoice.id])
  t.equal(stored.rows.length, 1)
  t.notOk(stored.rows[0]?.token_hash.toString('utf8').includes(token), 'only its hash is stored')

  const page = await app.inject({ url: `/api/invoice-link/${token}` })
  t.equal(page.statusCode, 200, page.body.slice(0, 300))
  t.equal(page.headers['cache-control'], 'no-store')
  const view = page.json<{ invoice: InvoiceLinkView }>().invoice
  t.match(view, {
    number: invoice.number,
    kind: 'deposit',
    dueDate: today,
    seller: { name: 'Dupont Rénovation', siret: '73282932000074' },
    buyerName: 'Élise Martin',
    totalTtcCents: 40324,
    remainingCents: 40324,
    paymentStatus: 'unpaid',
    transfer: {
      name: 'Dupont Rénovation',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      bic: 'AGRIFRPP',
      reference: invoice.number,
      amountCents: 40324
    }
  })
  const payload = epcPayload({
    name: 'Dupont Rénovation',
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
    amountCents: 40324,
    reference: invoice.number ?? ''
  })
  t.same(view.transfer?.qr, qrSvgPath(qrMatrix(payload ?? '')), 'the QR code of the PDF’s payload')
  t.match(view.recoveryIndemnity, /non applicable \(client particulier\)/)

  const linkPdf = await app.inject({ url: `/api/invoice-link/${token}/pdf` })
  t.equal(linkPdf.statusCode, 200)
  t.equal(linkPdf.headers['content-type'], 'application/pdf')
  t.match(linkPdf.headers['content-disposition'], new RegExp(`Facture-${invoice.number ?? ''}\\.pdf`))
  t.ok(linkPdf.rawPayload.equals(pdf.rawPayload))

  const unknown = await app.inject({ url: `/api/invoice-link/${'A'.repeat(43)}` })
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json<ErrorJson>().error.message, /lien de facture est introuvable/)
  t.equal((await app.inject({ url: '/api/invoice-link/trop-court' })).statusCode, 404, 'a malformed token never reaches the database')

  // A partial payment: the page says so and the QR code asks for the rest.
  await pro.request('POST', `/api/invoices/${invoice.id}/payments`, { amountCents: 10000, paidOn: today, means: 'transfer' })
  const partly = (await app.inject({ url: `/api/invoice-link/${token}` })).json<{ invoice: InvoiceLinkView }>().invoice
  t.match(partly, { paidCents: 10000, remainingCents: 30324, paymentStatus: 'partly_paid', transfer: { amountCents: 30324 } })
  await pro.request('POST', `/api/invoices/${invoice.id}/payments`, { amountCents: 30324, paidOn: today, means: 'transfer' })
  const paid = (await app.inject({ url: `/api/invoice-link/${token}` })).json<{ invoice: InvoiceLinkView }>().invoice
  t.match(paid, { remainingCents: 0, paymentStatus: 'paid', transfer: null }, 'nothing left to transfer')

  // Revoked by the professional (a link forwarded by mistake): the page says so.
  const revoking = await pro.request('POST', `/api/invoices/${invoice.id}/links/revoke`)
  t.equal(revoking.statusCode, 200, revoking.body.slice(0, 300))
  t.same(revoking.json(), { revokedLinks: 1 }, 'the one link sent is revoked')
  const revoked = await app.inject({ url: `/api/invoice-link/${token}` })
  t.equal(revoked.statusCode, 410)
  t.match(revoked.json<ErrorJson>().error.message, /désactivé/)
  t.equal((await app.inject({ url: `/api/invoice-link/${token}/pdf` })).statusCode, 404)
  t.same((await pro.request('POST', `/api/invoices/${invoice.id}/links/revoke`)).json(), { revokedLinks: 0 }, 'nothing left to revoke')
  const draftLinks = await pro.request('POST', `/api/invoices/${draft.id}/links/revoke`)
  t.equal(draftLinks.statusCode, 409, 'a draft has no link')
  t.match(draftLinks.json<ErrorJson>().error.message, /brouillon n’a pas de lien/)

  // Sent again: a new link that works, the revoked one still refused.
  t.equal((await pro.request('POST', `/api/invoices/${invoice.id}/send`, {})).statusCode, 200)
  const fresh = tokenIn((await mails(db, pro, 'invoice')).at(-1)?.text_body ?? '')
  t.not(fresh, token, 'a new token')
  t.equal((await app.inject({ url: `/api/invoice-link/${fresh}` })).statusCode, 200, 'the new link works')
  t.equal((await app.inject({ url: `/api/invoice-link/${token}` })).statusCode, 410, 'the old one stays revoked')

  // Another company's member cannot send it.
  const other = await newUser(app)
  t.equal((await other.request('POST', `/api/invoices/${invoice.id}/send`, {})).statusCode, 404)
  t.equal((await other.request('POST', `/api/invoices/${invoice.id}/links/revoke`)).statusCode, 404, 'nor revoke its links')
})
