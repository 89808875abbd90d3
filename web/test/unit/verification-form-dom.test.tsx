// « Vérifier un devis signé »'s drop zone in a DOM against the real gateway: a file that is not a
// PDF refused before anything is sent, a PDF chosen with the picker answered by the gateway (not
// one of ours: « Document non reconnu » with its fingerprint), the zone lit while a file is dragged
// over it, a dropped PDF checked the same way, and a gateway out of reach said in French.
import './dom/register.js'
import { createHash } from 'node:crypto'
import t from 'tap'
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import { VerificationForm } from '@/features/verification/components/verification-form'
import { renderPage, startGateway, textOf, untilText } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)
// The form's request is relative ('/api/verify'): it reaches this gateway.
const nodeFetch = globalThis.fetch
globalThis.fetch = gateway.fetch
t.teardown(() => {
  globalThis.fetch = nodeFetch
})

const PDF_BYTES = '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'
const pdf = (name: string) => new File([PDF_BYTES], name, { type: 'application/pdf' })
const sha256 = createHash('sha256').update(PDF_BYTES).digest('hex')

t.test('chosen, refused here or answered by the gateway; dragged and dropped', async (t) => {
  t.teardown(renderPage(<VerificationForm />, { api: (await gateway.signedIn()).api }))
  // Hydrated: the picker works.
  const input = await screen.findByLabelText<HTMLInputElement>('Choisir un fichier PDF', { selector: 'input:not([disabled])' })

  let sent = 0
  globalThis.fetch = (input, init) => ((sent += 1), gateway.fetch(input, init))
  fireEvent.change(input, { target: { files: [new File(['des notes'], 'notes.txt', { type: 'text/plain' })] } })
  t.match(textOf(await screen.findByRole('alert')), /^« notes\.txt » n’est pas un PDF\./)
  t.equal(sent, 0, 'not sent')

  fireEvent.change(input, { target: { files: [pdf('devis-signe.pdf')] } })
  await untilText('Document non reconnu')
  t.equal(sent, 1)
  t.match(textOf(), sha256, 'the fingerprint the gateway computed')
  t.equal(screen.queryByRole('alert'), null, 'the refusal is gone')

  const zone = document.querySelector('.verification-drop')
  if (zone === null) throw new Error('no drop zone')
  const lit = (expected: boolean) =>
    waitFor(() => {
      if (zone.classList.contains('verification-drop--active') !== expected) throw new Error(`lit: ${String(!expected)}`)
    })
  fireEvent.dragEnter(zone)
  await lit(true)
  t.pass('lit while a file is over it')
  fireEvent.dragLeave(zone, { relatedTarget: null })
  await lit(false)
  t.pass('dark once the file left')
  // Leaving the zone for one of its own children (its text) is still being over the zone.
  // (happy-dom's DragEvent has no relatedTarget: the browser's is a MouseEvent, as this one.)
  zone.dispatchEvent(new MouseEvent('dragleave', { bubbles: true, cancelable: true, relatedTarget: zone.querySelector('p') }))
  await lit(true)
  t.pass('over its own text, still lit')

  fireEvent.dragOver(zone)
  fireEvent.drop(zone, { dataTransfer: { files: [pdf('autre.pdf')] } })
  await lit(false)
  await untilText('autre.pdf')
  await untilText('Document non reconnu')
  t.equal(sent, 2, 'the dropped file checked with the gateway')

  globalThis.fetch = () => Promise.reject(new TypeError('fetch failed'))
  fireEvent.drop(zone, { dataTransfer: { files: [pdf('hors-ligne.pdf')] } })
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.', 'out of reach, in French')
})
