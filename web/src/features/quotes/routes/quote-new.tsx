import type { RouteHandle } from '@/lib/route-handle'

export const handle: RouteHandle = {
  title: 'Nouveau devis',
  description: 'Un nouveau devis en brouillon, prérempli avec vos conditions habituelles.'
}

/**
 * `/espace/devis/nouveau`: the quote page itself, with no id. The same component as
 * `/espace/devis/:id`, so that when the first input stores the draft and the address becomes the
 * draft's own, React keeps the editor (and the field being typed in) as it is.
 */
export { Component } from './quote-editor'
