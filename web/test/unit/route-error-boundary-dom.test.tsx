// The route error boundary in a DOM: a page that throws shows « Une erreur est survenue » and the
// next page (another address) is tried again; a missing chunk (a new version was deployed) reloads
// the page once, and shows the error page if that same page fails again within the guard's delay.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import { RootErrorBoundary, RouteErrorBoundary } from '@/components/errors/route-error-boundary'
import { createApiClient } from '@/lib/api-client'
import { Link, useLocation } from 'react-router-dom'
import { renderPage, untilText } from './dom/page.js'

const api = createApiClient({ getAccessToken: async () => null })

function Failing({ message }: { message: string }): never {
  throw new Error(message)
}

/** A page that fails at /casse and works elsewhere, inside the boundary as the layout puts it. */
function Pages() {
  const { pathname } = useLocation()
  return (
    <>
      <Link to="/ailleurs">Ailleurs</Link>
      <RouteErrorBoundary resetKey={pathname}>
        {pathname === '/casse' ? <Failing message="boom" /> : <p>Page qui marche</p>}
      </RouteErrorBoundary>
    </>
  )
}

t.test('a page that throws shows the error page; going elsewhere tries again', async (t) => {
  const logged: unknown[] = []
  const error = console.error
  console.error = (...args: unknown[]) => void logged.push(args[0])
  t.teardown(() => {
    console.error = error
  })
  t.teardown(renderPage(<Pages />, { api, at: '/casse' }))
  t.ok(await screen.findByRole('heading', { name: 'Une erreur est survenue' }))
  t.ok(logged.includes('Paraphe: page failed'), 'the failure is logged for the operator')
  fireEvent.click(screen.getByRole('link', { name: 'Ailleurs' }))
  t.ok(await screen.findByText('Page qui marche'), 'the next page renders')
})

t.test('a missing chunk reloads once, then shows the error page if it fails again', async (t) => {
  const reloads: string[] = []
  Object.defineProperty(window.location, 'reload', { configurable: true, value: () => reloads.push(window.location.pathname) })
  window.sessionStorage.clear()
  const chunk = 'Failed to fetch dynamically imported module: /assets/page.js'
  const unmount = renderPage(
    <RootErrorBoundary>
      <Failing message={chunk} />
    </RootErrorBoundary>,
    { api, at: '/espace' }
  )
  t.ok(await screen.findByText('Chargement de la nouvelle version du site…'))
  await waitFor(() => {
    if (reloads.length === 0) throw new Error('not reloaded yet')
  })
  t.same(reloads, [window.location.pathname], 'the page is reloaded once')
  unmount()

  t.teardown(
    renderPage(
      <RootErrorBoundary>
        <Failing message={chunk} />
      </RootErrorBoundary>,
      { api, at: '/espace' }
    )
  )
  await untilText('Une erreur est survenue')
  t.equal(reloads.length, 1, 'not reloaded again within the guard’s delay: the error page instead')
  t.ok(document.querySelector('main#contenu'), 'standalone, it brings its own main')
})
