import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useWorkspace } from '@/hooks/use-workspace'
import { clientsApi } from '@/lib/clients-api'
import { pickedClient, type EditorAction } from '../lib/quote-form'

/**
 * « Nouveau devis pour ce client » (`/espace/devis/nouveau?client=<id>`): the new draft starts
 * with that saved client picked, once; the pick stores the draft like any first input. A client
 * that cannot be read (deleted meanwhile) leaves the draft as it is.
 */
export function useClientFromUrl(unsaved: boolean, dispatch: (action: EditorAction) => void): void {
  const { api } = useWorkspace()
  const [search] = useSearchParams()
  const wanted = unsaved ? search.get('client') : null
  const done = useRef(false)
  useEffect(() => {
    if (wanted === null || wanted === '' || done.current) return
    done.current = true
    clientsApi.page(api, wanted).then(
      ({ client }) => dispatch(pickedClient(client)),
      () => undefined
    )
  }, [api, wanted, dispatch])
}
