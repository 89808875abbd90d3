import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { onAuthEvent } from '../lib/session'

/**
 * What a session event changes in the navigation. A password-recovery link that landed
 * elsewhere (Supabase falls back to the site's home page when the redirect is not allowed) opens
 * /reset-password, where the new password is chosen. Renders nothing.
 */
export function SessionEvents() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const current = useRef(pathname)
  useEffect(() => {
    current.current = pathname
  }, [pathname])
  useEffect(
    () =>
      onAuthEvent((event) => {
        if (event === 'PASSWORD_RECOVERY' && current.current !== paths.resetPassword.path) {
          void navigate(paths.resetPassword.href(), { replace: true })
        }
      }),
    [navigate]
  )
  return null
}
