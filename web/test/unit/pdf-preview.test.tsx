// The draft's PDF preview: what the panel shows in each state, and the buttons that open it (the
// drawings themselves, their order and their cancelling: pdf-preview-dom.test.tsx).
import t from 'tap'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { PREVIEW_FAILED } from '@/features/quotes/lib/pdf-preview'
import { PdfPreviewDialog } from '@/features/quotes/components/pdf-preview-dialog'
import { DraftSidePanel } from '@/features/quotes/components/draft-side-panel'
import type { LiveTotals } from '@/features/quotes/lib/quote-form'

const render = (element: ReactElement) => renderToStaticMarkup(element)
const noop = () => {}
/** Stand-ins for the canvases pdf.js draws: the server rendering only counts them. */
const canvases = (count: number) => Array.from({ length: count }, () => ({}) as HTMLCanvasElement)

t.test('the panel in each state', async (t) => {
  t.equal(render(<PdfPreviewDialog state={{ kind: 'closed' }} onClose={noop} onRetry={noop} />), '', 'closed: nothing')

  const loading = render(<PdfPreviewDialog state={{ kind: 'loading' }} onClose={noop} onRetry={noop} />)
  t.match(
    loading,
    /<dialog class="pdf-preview" id="pdf-preview" aria-labelledby="pdf-preview-title"><div class="pdf-preview__head"><h2 id="pdf-preview-title">Aperçu du PDF<\/h2>/,
    'a dialog labelled by its title'
  )
  t.match(loading, /<p class="pdf-preview__status" role="status">Préparation de l’aperçu…<\/p>/)
  t.match(loading, /<button type="button" class="button button--ghost">Fermer<\/button>/)
  t.notMatch(loading, /<ol/)

  const ready = render(<PdfPreviewDialog state={{ kind: 'ready', pages: canvases(2), updating: false }} onClose={noop} onRetry={noop} />)
  t.match(ready, /role="status">2 pages<\/p>/)
  t.match(ready, /<ol class="pdf-preview__pages" tabindex="0" aria-label="Pages du devis">/, 'the pages scroll with the keyboard too')
  t.match(
    ready,
    /<li><div class="pdf-preview__canvas"><\/div><p class="pdf-preview__number">Page 1 \/ 2<\/p><\/li><li><div class="pdf-preview__canvas"><\/div><p class="pdf-preview__number">Page 2 \/ 2<\/p><\/li>/
  )
  t.match(
    render(<PdfPreviewDialog state={{ kind: 'ready', pages: canvases(1), updating: false }} onClose={noop} onRetry={noop} />),
    /role="status">1 page<\/p>/
  )

  const updating = render(<PdfPreviewDialog state={{ kind: 'ready', pages: canvases(1), updating: true }} onClose={noop} onRetry={noop} />)
  t.match(updating, /role="status">Mise à jour…<\/p>/)
  t.match(updating, /<ol class="pdf-preview__pages pdf-preview__pages--updating"/, 'the old pages stay while updating')
  t.match(updating, /Page 1 \/ 1/)

  const failed = render(<PdfPreviewDialog state={{ kind: 'failed', message: PREVIEW_FAILED }} onClose={noop} onRetry={noop} />)
  t.match(
    failed,
    /<p role="alert">L’aperçu du PDF n’a pas pu être affiché. Réessayez, ou téléchargez le PDF.<\/p><button type="button" class="button button--ghost">Réessayer<\/button>/
  )
  t.match(failed, /role="status"><\/p>/, 'no status beside the alert')
  t.notMatch(failed, /<ol/)
})

t.test('« Aperçu du PDF » in the side panel and « Aperçu » in the phone’s bar, once the draft is stored', async (t) => {
  const live: LiveTotals = { totals: null, lineHtCents: [], subtotals: [], skipped: 0 }
  const stored = render(
    <DraftSidePanel live={live} franchiseEnBase={false} depositBp={0} onSend={noop} onPreview={noop}>
      {null}
    </DraftSidePanel>
  )
  t.match(
    stored,
    /<button type="button" class="button button--ghost" id="quote-preview" aria-haspopup="dialog">Aperçu du PDF<\/button><\/aside>/
  )
  t.match(
    stored,
    /<div class="quote-phone-bar__actions"><button type="button" class="button button--ghost" aria-haspopup="dialog">Aperçu<\/button><button type="button" class="button button--primary">Envoyer…<\/button><\/div>/
  )
  const unsaved = render(
    <DraftSidePanel live={live} franchiseEnBase={false} depositBp={0}>
      {null}
    </DraftSidePanel>
  )
  t.notMatch(unsaved, /Aperçu/, 'not before the draft is stored: there is no PDF yet')
})
