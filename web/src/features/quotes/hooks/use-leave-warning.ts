import { useEffect } from 'react'

export const LEAVE_QUESTION = 'Vos dernières modifications ne sont pas enregistrées. Quitter cette page quand même\u202f?'

/**
 * Warns before the page is left while changes would be lost: `unload` when closing, reloading
 * or typing another address (the browser asks, in its own words); `navigate` also when a link
 * of the site is followed (a pending save is otherwise finished on the way out, so only changes
 * that cannot be saved need the question).
 */
export function useLeaveWarning({ unload, navigate }: { unload: boolean; navigate: boolean }): void {
  useEffect(() => {
    if (!unload) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unload])

  useEffect(() => {
    if (!navigate) return
    // The router's links navigate on click unless the default was prevented: ask first (capture
    // phase, before them).
    const ask = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return
      if (link.origin !== window.location.origin || link.pathname === window.location.pathname) return
      if (!window.confirm(LEAVE_QUESTION)) event.preventDefault()
    }
    document.addEventListener('click', ask, true)
    return () => document.removeEventListener('click', ask, true)
  }, [navigate])
}
