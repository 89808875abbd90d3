import { useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import type { Quote } from '@paraphe/shared/quote'
import type { ApiClient } from '@/lib/api-client'
import { quotesApi } from '../api/quotes-api'
import { createAutosave, type Autosave, type SaveState } from '../lib/autosave'
import { canonicalContent } from '../lib/content'
import {
  editorReducer,
  formOf,
  liveTotals,
  readForm,
  type EditorAction,
  type FieldErrors,
  type LiveTotals,
  type QuoteForm
} from '../lib/quote-form'
import { useLeaveWarning } from './use-leave-warning'

export interface Draft {
  form: QuoteForm
  dispatch: (action: EditorAction) => void
  /** Local problems, and the gateway's after a refused save. */
  errors: FieldErrors
  live: LiveTotals
  saveState: SaveState
  autosave: Autosave<unknown>
}

/**
 * A draft being edited: its form, live totals, and autosave with the version it was loaded at.
 * A draft not stored yet (id '', from « Nouveau devis ») is created by its first save, with the
 * content typed so far; `onCreated` then gives the page its id. The editor stays mounted: the
 * professional goes on typing.
 */
export function useDraft(quote: Quote, api: ApiClient, onCreated?: (quote: Quote) => void): Draft {
  const [form, dispatch] = useReducer(editorReducer, quote, formOf)
  // A draft not stored yet (« Nouveau devis ») says nothing until its first save.
  const [saveState, setSaveState] = useState<SaveState>(quote.id === '' ? { kind: 'untouched' } : { kind: 'saved' })
  // The quote as this editor opened it: its creation does not start a new autosave.
  const [opened] = useState(quote)
  const created = useRef(onCreated)
  created.current = onCreated
  const autosave = useMemo(() => {
    let id = opened.id === '' ? null : opened.id
    return createAutosave({
      version: opened.version,
      saved: canonicalContent(opened),
      stored: opened.id !== '',
      save: async (content, version) => {
        if (id !== null) return (await quotesApi.save(api, id, version, content)).version
        const stored = await quotesApi.create(api, content)
        id = stored.id
        created.current?.(stored)
        return stored.version
      },
      onState: setSaveState
    })
  }, [opened, api])
  // The key's own row is drawn first; reading the whole form (200 lines), the totals and the
  // autosave follow in a render React may put after the next paint, so a long quote types as fast
  // as a short one. They catch up as soon as typing pauses.
  const settled = useDeferredValue(form)
  const read = useMemo(() => readForm(settled), [settled])
  const live = useMemo(() => liveTotals(settled, quote.franchiseEnBase), [settled, quote.franchiseEnBase])

  // Every change after the first render goes to autosave (the first is what was loaded).
  const loaded = useRef(read)
  useEffect(() => {
    if (read === loaded.current) return
    autosave.change(read.ok ? read.content : null)
  }, [read, autosave])
  // Leaving for another page of the site: what is waiting is saved on the way out.
  useEffect(
    () => () => {
      autosave.dispose()
      void autosave.flush()
    },
    [autosave]
  )

  const unsaved = saveState.kind !== 'saved' && saveState.kind !== 'untouched'
  useLeaveWarning({ unload: unsaved, navigate: unsaved && saveState.kind !== 'pending' && saveState.kind !== 'saving' })

  const errors = useMemo<FieldErrors>(
    () => ({ ...(saveState.kind === 'rejected' ? saveState.fields : {}), ...(read.ok ? {} : read.errors) }),
    [read, saveState]
  )
  return { form, dispatch, errors, live, saveState, autosave: autosave as Autosave<unknown> }
}
