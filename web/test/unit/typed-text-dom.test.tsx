// A row's text field in a long quote (useTypedText): each key shows at once while the whole form
// follows later; the form catching up with keys already shown never takes a typed character
// back, and a value set from elsewhere (a saved item picked) replaces what is shown.
import './dom/register.js'
import assert from 'node:assert/strict'
import t from 'tap'
import { useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import { useTypedText } from '@/features/quotes/hooks/use-typed-text'

/** The form here lags on purpose: what the field sends waits until « Suivant » hands it back. */
function Row() {
  const [value, setValue] = useState('Pose')
  const waiting = useRef<string[]>([])
  const [shown, type] = useTypedText(value, (next) => {
    waiting.current.push(next)
  })
  return (
    <>
      <label htmlFor="designation">Désignation</label>
      <input id="designation" value={shown} onChange={(event) => type(event.target.value)} />
      <output aria-label="Dans le devis">{value}</output>
      <button type="button" onClick={() => setValue(waiting.current.shift() ?? value)}>
        Suivant
      </button>
      <button type="button" onClick={() => setValue('Mitigeur thermostatique')}>
        Choisir un article
      </button>
    </>
  )
}

const field = () => screen.getByLabelText<HTMLInputElement>('Désignation')
const inQuote = () => screen.getByLabelText('Dans le devis').textContent
const typeText = (text: string) => {
  for (let end = 1; end <= text.length; end += 1) fireEvent.input(field(), { target: { value: field().value + text.slice(end - 1, end) } })
}

t.test('typed keys stay on screen while the form catches up, and a picked item replaces them', async (t) => {
  const host = document.body.appendChild(document.createElement('div'))
  const root = createRoot(host)
  t.teardown(() => {
    root.unmount()
    host.remove()
  })
  root.render(<Row />)
  // The DOM settles on React's schedule: wait until `read()` gives `expected`, then assert it.
  const settles = async (read: () => string | null, expected: string, message = `shows « ${expected} »`) => {
    await waitFor(() => assert.equal(read(), expected)).catch(() => undefined)
    t.equal(read(), expected, message)
  }
  const shown = () => field().value
  await settles(shown, 'Pose')

  typeText(' WC')
  await settles(shown, 'Pose WC', 'every key shows at once')
  t.equal(inQuote(), 'Pose', 'the form has not caught up yet')

  fireEvent.click(screen.getByText('Suivant'))
  await settles(inQuote, 'Pose ')
  t.equal(shown(), 'Pose WC', 'the form giving back an earlier key takes nothing away')
  fireEvent.click(screen.getByText('Suivant'))
  fireEvent.click(screen.getByText('Suivant'))
  await settles(inQuote, 'Pose WC')
  t.equal(shown(), 'Pose WC', 'caught up: the form and the field agree')

  fireEvent.click(screen.getByText('Choisir un article'))
  await settles(shown, 'Mitigeur thermostatique', 'a value from elsewhere replaces what is shown')

  typeText(' 3')
  await settles(shown, 'Mitigeur thermostatique 3')
  fireEvent.click(screen.getByText('Suivant'))
  fireEvent.click(screen.getByText('Suivant'))
  await settles(inQuote, 'Mitigeur thermostatique 3')
  t.equal(shown(), 'Mitigeur thermostatique 3')
})
