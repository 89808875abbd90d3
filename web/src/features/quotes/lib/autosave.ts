// Autosave of a draft: each change waits for a pause in typing (debounce), then one PUT with the
// version it was loaded at; changes made meanwhile are saved by the next PUT. One request at a
// time, so versions never race. What it shows the professional is `state`. A conflict (saved
// elsewhere) or a quote sent meanwhile stops saving: the page offers to reload.
import { ApiError } from '@/lib/api-client'
import { errorFields, type FieldMessages } from '@/lib/api-client'

export type SaveState =
  /** A new draft not stored yet, as it opened: nothing to say (« Enregistré » would not be true). */
  | { kind: 'untouched' }
  | { kind: 'saved' }
  /** Changes waiting for the pause in typing. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  /** A value must be fixed before anything can be saved. */
  | { kind: 'invalid' }
  /** The request failed (network, server): retry. */
  | { kind: 'failed'; message: string }
  /** The gateway refused some values (400): they are shown on their fields. */
  | { kind: 'rejected'; message: string; fields: FieldMessages }
  /** Someone saved this quote in between (another tab or device). */
  | { kind: 'conflict' }
  /** The quote is no longer a draft (sent from elsewhere). */
  | { kind: 'frozen' }

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

export interface AutosaveOptions<T> {
  /** The version the draft was loaded at. */
  version: number
  /** The content as loaded (nothing to save while it is unchanged). */
  saved: T
  /** False for a draft not stored yet: unchanged, it is untouched rather than saved. */
  stored?: boolean
  /** Saves, and resolves with the new version. */
  save: (content: T, version: number) => Promise<number>
  onState: (state: SaveState) => void
  delayMs?: number
  timers?: Timers
}

export interface Autosave<T> {
  /** The form changed: its content when every value is well-formed, null otherwise. */
  change: (content: T | null) => void
  /** Saves what is waiting now; true once everything is saved. */
  flush: () => Promise<boolean>
  /** After a failure: try again at once. */
  retry: () => void
  /** Stops the timer (a later flush() still saves). */
  dispose: () => void
  /** No more saving at all: the draft is being deleted, or was just sent. */
  abandon: () => void
  readonly state: SaveState
  readonly version: number
}

export const AUTOSAVE_DELAY_MS = 800

export const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>)
}

/** What a failed save means for the professional. */
export function saveFailure(error: unknown): SaveState {
  if (error instanceof ApiError && error.status === 409) {
    return error.code === 'quote_frozen' ? { kind: 'frozen' } : { kind: 'conflict' }
  }
  if (error instanceof ApiError && error.status === 400) return { kind: 'rejected', message: error.message, fields: errorFields(error) }
  return { kind: 'failed', message: error instanceof ApiError ? error.message : String(error) }
}

export function createAutosave<T>({
  version: initialVersion,
  saved,
  stored = true,
  save,
  onState,
  delayMs = AUTOSAVE_DELAY_MS,
  timers = browserTimers
}: AutosaveOptions<T>): Autosave<T> {
  let version = initialVersion
  let savedKey = JSON.stringify(saved)
  let latest: T | null = saved
  let everStored = stored
  // What an unchanged draft is: saved once it is stored, untouched before.
  const unchanged = (): SaveState => (everStored ? { kind: 'saved' } : { kind: 'untouched' })
  let state: SaveState = unchanged()
  let timer: unknown = null
  let inFlight: Promise<void> | null = null
  let abandoned = false

  /** Waits until no save is in flight (a finished save may have started the next one). */
  async function settled() {
    while (inFlight !== null) await inFlight
  }

  const stopped = () => abandoned || state.kind === 'conflict' || state.kind === 'frozen'
  const setState = (next: SaveState) => {
    state = next
    onState(next)
  }
  const clearTimer = () => {
    if (timer !== null) timers.clearTimeout(timer)
    timer = null
  }

  /** The state once nothing is running: what is left to do, if anything. */
  function settle(): void {
    if (stopped() || inFlight !== null) return
    if (latest === null) return setState({ kind: 'invalid' })
    if (JSON.stringify(latest) === savedKey) return setState(unchanged())
    if (timer === null) run()
  }

  function run(): void {
    clearTimer()
    if (inFlight !== null || stopped() || latest === null) return
    const content = latest
    const key = JSON.stringify(content)
    if (key === savedKey) return setState(unchanged())
    setState({ kind: 'saving' })
    inFlight = save(content, version).then(
      (next) => {
        version = next
        everStored = true
        savedKey = key
        inFlight = null
        settle()
      },
      (error: unknown) => {
        inFlight = null
        setState(saveFailure(error))
      }
    )
  }

  return {
    change(content) {
      if (stopped()) return
      latest = content
      clearTimer()
      if (content === null) {
        if (inFlight === null) setState({ kind: 'invalid' })
        return
      }
      if (JSON.stringify(content) === savedKey) {
        if (inFlight === null) setState(unchanged())
        return
      }
      timer = timers.setTimeout(() => {
        timer = null
        if (inFlight === null) run()
      }, delayMs)
      if (inFlight === null) setState({ kind: 'pending' })
    },
    async flush() {
      clearTimer()
      await settled()
      if (!stopped() && latest !== null && JSON.stringify(latest) !== savedKey) run()
      await settled()
      // An untouched new draft has nothing to save: the page may go on (its content is the blank one).
      return state.kind === 'saved' || state.kind === 'untouched'
    },
    retry() {
      run()
    },
    dispose() {
      clearTimer()
    },
    abandon() {
      abandoned = true
      clearTimer()
    },
    get state() {
      return state
    },
    get version() {
      return version
    }
  }
}
