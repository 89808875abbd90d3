import t from 'tap'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { ErrorPage } from '@/components/errors/error-page'
import { documentTitle } from '@/lib/route-handle'
import { readRuntimeConfig } from '@/lib/runtime-config'

t.test('the error page has a not-found and a generic variant', async (t) => {
  const render = (statusCode: number, message?: string) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <ErrorPage statusCode={statusCode} message={message} />
      </MemoryRouter>
    )
  const notFound = render(404)
  t.match(notFound, /data-variant="not-found"/)
  t.match(notFound, /<h1 id="error-title">Page introuvable<\/h1>/)
  t.match(notFound, /<code>Page Not Found<\/code>/)
  t.match(
    notFound,
    /ne correspond à aucune page[\s\S]*Détail technique\s: <code>Page Not Found<\/code>/,
    'the technical message labelled, after the French explanation'
  )
  const generic = render(500)
  t.match(generic, /data-variant="generic"/)
  t.match(generic, /<h1 id="error-title">Une erreur est survenue<\/h1>/)
  t.match(generic, /<code>Internal Server Error<\/code>/)
  t.match(render(503, 'Service Unavailable'), /<code>Service Unavailable<\/code>/)
  t.match(generic, /href="\/contact"/)
})

t.test('titles name the page, then the site', async (t) => {
  t.equal(documentTitle('Tarifs', 'Paraphe'), 'Tarifs · Paraphe')
})

t.test('the runtime config is read from the JSON script the gateway wrote', async (t) => {
  const documentWith = (text: string | null) =>
    ({
      getElementById: (id: string) => (id === 'paraphe-runtime-config' && text !== null ? { textContent: text } : null)
    }) as unknown as Document
  t.match(readRuntimeConfig(documentWith('{"siteName":"Devis Express","buildPollIntervalMs":500}')), { siteName: 'Devis Express' })
  t.throws(() => readRuntimeConfig(documentWith(null)), { message: /Missing #paraphe-runtime-config/ })
  t.throws(() => readRuntimeConfig(documentWith('')), { message: /not served by the gateway/ })
})
