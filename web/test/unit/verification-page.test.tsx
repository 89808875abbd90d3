// /verification in Node: the page as prerendered (inert until hydration), the answer for a
// recognised and an unknown PDF, the file checks before sending, and the raw PDF upload with its
// refusals. Choosing and dropping files is driven in Chromium (web/test/browser/verification).
import t from 'tap'
import type { ReactNode } from 'react'
import { verifyPdf } from '@/features/verification/api/verify-pdf'
import { checkPdf } from '@/features/verification/lib/check-pdf'
import { VerificationFormView, type VerificationFormViewProps } from '@/features/verification/components/verification-form'
import { VERIFY_MAX_BYTES } from '@paraphe/shared/verification'
import { pdfFileProblem } from '@/features/verification/lib/pdf-file'
import { Component as VerificationPage, handle } from '@/features/verification/routes/verification'
import { API_MESSAGES, ApiError } from '@/lib/api-client'
import { serverRender } from '../support/server-render.js'

const noop = () => {}

const render = (node: ReactNode) => serverRender(node, { config: { siteName: 'Paraphe' }, raw: true })

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim()
}

const props = (overrides: Partial<VerificationFormViewProps> = {}): VerificationFormViewProps => ({
  state: { kind: 'idle' },
  siteName: 'Paraphe',
  ready: true,
  dragging: false,
  onFile: noop,
  onDrag: noop,
  onDrop: noop,
  ...overrides
})

const SHA = 'c'.repeat(64)

t.test('the page as prerendered: what it does, a file picker inert until hydration, what a result means', async (t) => {
  const html = render(<VerificationPage />)
  t.match(html, /<h1>Vérifier un devis signé<\/h1>/)
  t.match(
    html,
    /<input id="verification-file" class="verification-drop__input" type="file" accept="application\/pdf,.pdf" disabled=""/,
    'disabled until hydration'
  )
  t.match(html, /<label for="verification-file" class="button button--primary verification-drop__button">Choisir un fichier PDF<\/label>/)
  t.match(text(html), 'Glissez-déposez le PDF ici, ou')
  t.match(text(html), 'toute modification change le fichier, même le réenregistrer ou l’imprimer en PDF')
  t.match(html, /href="\/SignatureDevis"/)
  t.match(handle.description, /signataire et date/)
})

t.test('the answers: recognised with number, signer and date; not recognised, and why', async (t) => {
  const known = render(
    <VerificationFormView
      {...props({
        state: {
          kind: 'done',
          fileName: 'devis.pdf',
          result: { sha256: SHA, document: { number: 'DEV-2026-0007', signerName: 'Élise Martin', signedAt: '2026-11-25T14:32:00Z' } }
        }
      })}
    />
  )
  t.match(
    known,
    /<div class="verification-answer" aria-live="polite"><div class="verification-result verification-result--known"><h3>Document reconnu<\/h3>/,
    'announced'
  )
  t.match(text(known), '« devis.pdf » est bien un devis signé avec Paraphe, identique au PDF scellé lors de la signature.')
  t.match(text(known), 'Devis n° DEV-2026-0007 Signé par Élise Martin Signé le 25 novembre 2026 à 15:32 (heure de Paris)')
  t.match(text(known), `Empreinte SHA-256 du fichier : ${SHA}`)

  const unknown = render(
    <VerificationFormView {...props({ state: { kind: 'done', fileName: 'copie.pdf', result: { sha256: SHA, document: null } } })} />
  )
  t.match(unknown, /<h3>Document non reconnu<\/h3>/)
  t.match(text(unknown), '« copie.pdf » n’est pas un devis signé avec Paraphe, ou il a été modifié depuis sa signature.')
  t.match(text(unknown), 'toute modification change le fichier, même un simple réenregistrement')
  t.notMatch(unknown, /Signé par/)

  const checking = render(<VerificationFormView {...props({ state: { kind: 'checking', fileName: 'devis.pdf' }, dragging: true })} />)
  t.match(text(checking), 'Vérification de « devis.pdf »…')
  t.match(checking, /class="verification-drop verification-drop--active"/)
  t.match(checking, /type="file"[^>]*disabled=""/, 'one file at a time')
  const failed = render(<VerificationFormView {...props({ state: { kind: 'failed', message: 'Ce fichier n’est pas un PDF.' } })} />)
  t.match(failed, /role="alert"><p>Ce fichier n’est pas un PDF\.<\/p>/)
})

t.test('a file is checked before it is sent', async (t) => {
  t.equal(pdfFileProblem({ name: 'devis.pdf', size: 1000, type: 'application/pdf' }), null)
  t.equal(pdfFileProblem({ name: 'DEVIS.PDF', size: 1000, type: '' }), null, 'a .pdf without a type (some phones)')
  t.match(pdfFileProblem({ name: 'photo.jpg', size: 1000, type: 'image/jpeg' }), /^« photo\.jpg » n’est pas un PDF\./)
  t.equal(pdfFileProblem({ name: 'vide.pdf', size: 0, type: 'application/pdf' }), '« vide.pdf » est vide.')
  t.match(pdfFileProblem({ name: 'gros.pdf', size: VERIFY_MAX_BYTES + 1, type: 'application/pdf' }), /dépasse 20\u00a0Mo/)
})

t.test('a chosen file: refused here, answered by the gateway, or its refusal shown', async (t) => {
  const pdf = new File(['%PDF-1.7'], 'devis.pdf', { type: 'application/pdf' })
  const result = { sha256: SHA, document: null }
  let sent = 0
  t.same(await checkPdf(new File(['x'], 'notes.txt', { type: 'text/plain' }), async () => ((sent += 1), result)), {
    kind: 'failed',
    message: pdfFileProblem({ name: 'notes.txt', size: 1, type: 'text/plain' })
  })
  t.equal(sent, 0, 'not sent')
  t.same(await checkPdf(pdf, async () => result), { kind: 'done', fileName: 'devis.pdf', result })
  t.same(await checkPdf(pdf, async () => Promise.reject(new ApiError(415, 'not_a_pdf', 'Ce fichier n’est pas un PDF.'))), {
    kind: 'failed',
    message: 'Ce fichier n’est pas un PDF.'
  })
  t.same(await checkPdf(pdf, async () => Promise.reject(new TypeError('bug'))), { kind: 'failed', message: API_MESSAGES.failed })
})

t.test('the upload: the raw bytes as application/pdf, and each refusal as its French message', async (t) => {
  const calls: Array<{ url: string; init: RequestInit }> = []
  let reply: () => Response | Promise<Response> = () => new Response(JSON.stringify({ sha256: SHA, document: null }), { status: 200 })
  const fetcher = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init })
    return reply()
  }
  const file = new Blob(['%PDF-1.7 …'], { type: 'application/pdf' })
  t.same(await verifyPdf(file, fetcher), { sha256: SHA, document: null })
  t.equal(calls[0]?.url, '/api/verify')
  t.match(calls[0]?.init, { method: 'POST', headers: { 'content-type': 'application/pdf' }, credentials: 'same-origin' })
  t.equal(calls[0]?.init.body, file, 'the file itself, not JSON')

  reply = () => new Response(JSON.stringify({ error: { code: 'not_a_pdf', message: 'Ce fichier n’est pas un PDF.' } }), { status: 415 })
  await t.rejects(verifyPdf(file, fetcher), { status: 415, code: 'not_a_pdf', message: 'Ce fichier n’est pas un PDF.' })
  reply = () => new Response('<html>', { status: 502 })
  await t.rejects(verifyPdf(file, fetcher), { status: 502, message: API_MESSAGES.unreachable })
  reply = () => Promise.reject(new TypeError('Failed to fetch'))
  await t.rejects(verifyPdf(file, fetcher), { status: 0, code: 'network_error', message: API_MESSAGES.unreachable })
})
