// Autosave of a draft, driven step by step: a clock the test advances and saves the test answers
// when it wants, so every interleaving a professional can produce (typing during a save, a
// network failure, another tab saving first) is checked, with what the page shows at each step.
import t from 'tap'
import { ApiError } from '@/lib/api-client'
import { AUTOSAVE_DELAY_MS, createAutosave, saveFailure, type SaveState, type Timers } from '@/features/quotes/lib/autosave'
import { saveStateText } from '@/features/quotes/components/save-status'

interface Content {
  title: string
}

function harness(version = 1, stored = true) {
  let now = 0
  const timers = new Map<number, { at: number; callback: () => void }>()
  let nextTimer = 1
  const clock: Timers = {
    setTimeout: (callback, ms) => {
      const id = nextTimer++
      timers.set(id, { at: now + ms, callback })
      return id
    },
    clearTimeout: (handle) => void timers.delete(handle as number)
  }
  const advance = (ms: number) => {
    now += ms
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id)
        timer.callback()
      }
    }
  }
  const calls: Array<{ content: Content; version: number; resolve: (version: number) => void; reject: (error: unknown) => void }> = []
  const states: SaveState['kind'][] = []
  const autosave = createAutosave<Content>({
    version,
    saved: { title: 'Devis' },
    save: (content, at) =>
      new Promise<number>((resolve, reject) => {
        calls.push({ content, version: at, resolve, reject })
      }),
    onState: (state) => states.push(state.kind),
    timers: clock,
    stored
  })
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { autosave, calls, states, advance, settle, pendingTimers: () => timers.size }
}

t.test('a change waits for a pause in typing, then one save with the loaded version', async (t) => {
  const { autosave, calls, states, advance, settle } = harness(4)
  t.equal(autosave.state.kind, 'saved', 'nothing to save at first')
  autosave.change({ title: 'C' })
  advance(500)
  autosave.change({ title: 'Cuisine' })
  t.equal(autosave.state.kind, 'pending')
  advance(AUTOSAVE_DELAY_MS - 1)
  t.equal(calls.length, 0, 'still typing')
  advance(1)
  t.equal(calls.length, 1)
  t.same(calls[0]?.content, { title: 'Cuisine' }, 'the latest content only')
  t.equal(calls[0]?.version, 4)
  t.equal(autosave.state.kind, 'saving')
  calls[0]?.resolve(5)
  await settle()
  t.equal(autosave.state.kind, 'saved')
  t.equal(autosave.version, 5)
  t.same(states, ['pending', 'pending', 'saving', 'saved'])
})

t.test('typing during a save: the next save waits for it and uses its version', async (t) => {
  const { autosave, calls, advance, settle } = harness()
  autosave.change({ title: 'A' })
  advance(AUTOSAVE_DELAY_MS)
  autosave.change({ title: 'AB' })
  advance(AUTOSAVE_DELAY_MS)
  t.equal(calls.length, 1, 'one request at a time')
  t.equal(autosave.state.kind, 'saving')
  calls[0]?.resolve(2)
  await settle()
  t.equal(calls.length, 2, 'the waiting change goes at once')
  t.match(calls[1], { content: { title: 'AB' }, version: 2 }, 'with the version the first save returned')
  calls[1]?.resolve(3)
  await settle()
  t.equal(autosave.state.kind, 'saved')
})

t.test('a change during a save that is still being typed waits for its own pause', async (t) => {
  const { autosave, calls, advance, settle } = harness()
  autosave.change({ title: 'A' })
  advance(AUTOSAVE_DELAY_MS)
  autosave.change({ title: 'AB' })
  calls[0]?.resolve(2)
  await settle()
  t.equal(calls.length, 1, 'the pause is not over')
  advance(AUTOSAVE_DELAY_MS)
  t.equal(calls.length, 2)
})

t.test('back to the saved content: nothing to send', async (t) => {
  const { autosave, calls, advance, states } = harness()
  autosave.change({ title: 'Autre' })
  autosave.change({ title: 'Devis' })
  advance(AUTOSAVE_DELAY_MS * 2)
  t.equal(calls.length, 0)
  t.same(states, ['pending', 'saved'])
  autosave.retry()
  t.equal(calls.length, 0, 'a retry with nothing to save does nothing')
})

t.test('a value to fix: nothing is sent until it is fixed', async (t) => {
  const { autosave, calls, advance, settle } = harness()
  autosave.change({ title: 'A' })
  autosave.change(null)
  t.equal(autosave.state.kind, 'invalid')
  advance(AUTOSAVE_DELAY_MS * 3)
  t.equal(calls.length, 0)
  t.equal(await autosave.flush(), false, 'cannot be saved for sending')
  autosave.change({ title: 'A' })
  advance(AUTOSAVE_DELAY_MS)
  t.equal(calls.length, 1)
  autosave.change(null)
  t.equal(autosave.state.kind, 'saving', 'the running save is still shown')
  calls[0]?.resolve(2)
  await settle()
  t.equal(autosave.state.kind, 'invalid', 'then what is left to do')
})

t.test('a failed save: shown, retried on demand or with the next change', async (t) => {
  const { autosave, calls, advance, settle } = harness()
  autosave.change({ title: 'A' })
  advance(AUTOSAVE_DELAY_MS)
  calls[0]?.reject(new ApiError(0, 'network_error', 'Le serveur ne répond pas.'))
  await settle()
  t.same(autosave.state, { kind: 'failed', message: 'Le serveur ne répond pas.' })
  t.equal(saveStateText(autosave.state), 'Échec de l’enregistrement\u202f: Le serveur ne répond pas.')
  autosave.retry()
  t.equal(calls.length, 2)
  t.match(calls[1], { content: { title: 'A' }, version: 1 })
  calls[1]?.reject(new Error('boom'))
  await settle()
  t.match(autosave.state, { kind: 'failed', message: 'Error: boom' })
  autosave.change({ title: 'AB' })
  advance(AUTOSAVE_DELAY_MS)
  calls[2]?.resolve(2)
  await settle()
  t.equal(autosave.state.kind, 'saved')
})

t.test('refused values come back on their fields', async (t) => {
  const { autosave, calls, advance, settle } = harness()
  autosave.change({ title: 'A' })
  advance(AUTOSAVE_DELAY_MS)
  calls[0]?.reject(
    new ApiError(400, 'validation_failed', 'Certains champs sont invalides.', { 'lines.0.description': 'Au plus 2000 caractères.' })
  )
  await settle()
  t.same(autosave.state, {
    kind: 'rejected',
    message: 'Certains champs sont invalides.',
    fields: { 'lines.0.description': 'Au plus 2000 caractères.' }
  })
  t.match(saveStateText(autosave.state), /^Modifications refusées/)
})

t.test('saved elsewhere, or sent meanwhile: saving stops, the page offers to reload', async (t) => {
  const conflict = harness()
  conflict.autosave.change({ title: 'A' })
  conflict.advance(AUTOSAVE_DELAY_MS)
  conflict.calls[0]?.reject(new ApiError(409, 'version_conflict', 'Modifié ailleurs.'))
  await conflict.settle()
  t.equal(conflict.autosave.state.kind, 'conflict')
  conflict.autosave.change({ title: 'AB' })
  conflict.advance(AUTOSAVE_DELAY_MS)
  t.equal(conflict.calls.length, 1, 'no more saving')
  t.equal(await conflict.autosave.flush(), false)
  t.match(saveStateText(conflict.autosave.state), /modifié ailleurs/)

  const frozen = harness()
  frozen.autosave.change({ title: 'A' })
  frozen.advance(AUTOSAVE_DELAY_MS)
  frozen.calls[0]?.reject(new ApiError(409, 'quote_frozen', 'Envoyé.'))
  await frozen.settle()
  t.equal(frozen.autosave.state.kind, 'frozen')
  t.match(saveStateText(frozen.autosave.state), /envoyé entre-temps/)
})

t.test('flush: saves what waits, now, and says whether everything is saved', async (t) => {
  const { autosave, calls, settle, pendingTimers } = harness()
  t.equal(await autosave.flush(), true, 'nothing to do')
  autosave.change({ title: 'A' })
  const flushed = autosave.flush()
  await settle()
  t.equal(pendingTimers(), 0, 'no need to wait for the pause')
  t.equal(calls.length, 1)
  calls[0]?.resolve(2)
  t.equal(await flushed, true)

  autosave.change({ title: 'AB' })
  const failing = autosave.flush()
  await settle()
  calls[1]?.reject(new ApiError(503, 'http_503', 'Indisponible.'))
  t.equal(await failing, false)
})

t.test('flush waits for a running save and then saves the rest', async (t) => {
  const { autosave, calls, advance, settle } = harness()
  autosave.change({ title: 'A' })
  advance(AUTOSAVE_DELAY_MS)
  autosave.change({ title: 'AB' })
  const flushed = autosave.flush()
  calls[0]?.resolve(2)
  await settle()
  await settle()
  t.equal(calls.length, 2)
  t.same(calls[1]?.content, { title: 'AB' })
  calls[1]?.resolve(3)
  t.equal(await flushed, true)
  t.equal(autosave.version, 3)
})

t.test('dispose stops the pause, abandon stops everything', async (t) => {
  const disposed = harness()
  disposed.autosave.change({ title: 'A' })
  disposed.autosave.dispose()
  disposed.advance(AUTOSAVE_DELAY_MS * 2)
  t.equal(disposed.calls.length, 0)
  void disposed.autosave.flush()
  await disposed.settle()
  t.equal(disposed.calls.length, 1, 'flush still saves (leaving the page)')

  const abandoned = harness()
  abandoned.autosave.change({ title: 'A' })
  abandoned.autosave.abandon()
  abandoned.advance(AUTOSAVE_DELAY_MS * 2)
  await abandoned.autosave.flush()
  abandoned.autosave.change({ title: 'AB' })
  abandoned.advance(AUTOSAVE_DELAY_MS * 2)
  t.equal(abandoned.calls.length, 0, 'deleted or sent: never saved again')
})

t.test('what each failure means', async (t) => {
  t.same(saveFailure(new ApiError(409, 'version_conflict', 'x')), { kind: 'conflict' })
  t.same(saveFailure(new ApiError(409, 'quote_frozen', 'x')), { kind: 'frozen' })
  t.same(saveFailure(new ApiError(400, 'validation_failed', 'Refusé.')), { kind: 'rejected', message: 'Refusé.', fields: {} })
  t.same(saveFailure(new ApiError(401, 'token_expired', 'Reconnectez-vous.')), { kind: 'failed', message: 'Reconnectez-vous.' })
  t.same(saveFailure('oops'), { kind: 'failed', message: 'oops' })
})

t.test('the default clock is the real one', async (t) => {
  let saved = 0
  const autosave = createAutosave<Content>({
    version: 1,
    saved: { title: '' },
    save: async () => ++saved + 1,
    onState: () => {},
    delayMs: 5
  })
  autosave.change({ title: 'x' })
  autosave.change({ title: 'xy' })
  await new Promise((resolve) => setTimeout(resolve, 30))
  t.equal(saved, 1)
  t.equal(autosave.state.kind, 'saved')
  autosave.change({ title: 'xyz' })
  autosave.dispose()
  await new Promise((resolve) => setTimeout(resolve, 20))
  t.equal(saved, 1, 'cleared')
})

t.test('a new draft not stored yet says nothing until its first save, then « Enregistré »', async (t) => {
  const { autosave, calls, states, advance, settle } = harness(0, false)
  t.equal(autosave.state.kind, 'untouched')
  t.equal(saveStateText(autosave.state), '', 'no « Enregistré » for a draft that is not stored')
  autosave.change({ title: 'Autre' })
  autosave.change({ title: 'Devis' })
  t.same(states, ['pending', 'untouched'], 'typed and erased back: untouched again, not « saved »')
  t.ok(await autosave.flush(), 'nothing to save: the page may go on')
  t.equal(calls.length, 0)
  autosave.change({ title: 'Cuisine' })
  advance(AUTOSAVE_DELAY_MS)
  calls[0]?.resolve(1)
  await settle()
  t.equal(autosave.state.kind, 'saved')
  t.equal(saveStateText(autosave.state), 'Enregistré', 'once stored')
  autosave.change({ title: 'Cuisine' })
  t.equal(autosave.state.kind, 'saved', 'the stored content is saved from then on')
})
