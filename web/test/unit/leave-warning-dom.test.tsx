// The quote editor's leave warning in a DOM: with unsaved changes, closing the page asks (the
// browser's own question) and following a link of the site asks first, staying when refused;
// a link opened elsewhere or to the same page, or a modified click, is let through.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import { Link } from 'react-router-dom'
import { createApiClient } from '@/lib/api-client'
import { LEAVE_QUESTION, useLeaveWarning } from '@/features/quotes/hooks/use-leave-warning'
import { currentLocation, renderPage, waitForLocation } from './dom/page.js'

const api = createApiClient({ getAccessToken: async () => null })

function Editor({ unload, navigate }: { unload: boolean; navigate: boolean }) {
  useLeaveWarning({ unload, navigate })
  return (
    <>
      <Link to="/espace">Mes devis</Link>
      <Link to="/espace/devis/1">Ce devis</Link>
      <a href="https://exemple.fr/">Ailleurs</a>
    </>
  )
}

/** Dispatches `beforeunload` as the browser does on closing; whether the page asked to stay. */
function closing(): boolean {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

// The editor's address in the browser's bar (MemoryRouter leaves happy-dom's at its start).
;(window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL('http://127.0.0.1/espace/devis/1')

// What the router does not handle (a modified click, another site) would load another document:
// stopped once the warning and the router have seen the click (bubbling, after both).
document.addEventListener('click', (event) => event.preventDefault())

t.test('with unsaved changes, leaving asks first', async (t) => {
  const asked: string[] = []
  let answer = false
  window.confirm = (question?: string) => {
    asked.push(question ?? '')
    return answer
  }
  const unmount = renderPage(<Editor unload navigate />, { api, at: '/espace/devis/1' })
  // The warnings are set up once the page's effects ran: closing is tried until it asks.
  await waitFor(() => {
    if (!closing()) throw new Error('closing does not ask yet')
  })
  t.pass('closing the page asks the browser’s question')

  fireEvent.click(screen.getByRole('link', { name: 'Mes devis' }))
  t.same(asked, [LEAVE_QUESTION], 'a link of the site asks first')
  t.equal(currentLocation(), '/espace/devis/1', 'refused: the page stays')

  fireEvent.click(screen.getByRole('link', { name: 'Ce devis' }))
  fireEvent.click(screen.getByRole('link', { name: 'Mes devis' }), { ctrlKey: true })
  fireEvent.click(screen.getByRole('link', { name: 'Ailleurs' }))
  t.equal(asked.length, 1, 'the same page, a modified click and another site do not ask')

  answer = true
  fireEvent.click(screen.getByRole('link', { name: 'Mes devis' }))
  await waitForLocation('/espace')
  t.equal(asked.length, 2, 'accepted: the page is left')
  unmount()

  t.teardown(renderPage(<Editor unload={false} navigate={false} />, { api, at: '/espace/devis/1' }))
  await screen.findByRole('link', { name: 'Mes devis' })
  t.notOk(closing(), 'saved: closing does not ask')
  fireEvent.click(screen.getByRole('link', { name: 'Mes devis' }))
  await waitForLocation('/espace')
  t.equal(asked.length, 2, 'saved: a link does not ask')
})
