import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { leave } from '../lib/actions'

/** Signs out, then shows the sign-in page with « Vous êtes déconnecté ». */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean; error: string | null } {
  const { supabaseAnonKey } = useRuntimeConfig()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const signOut = async () => {
    if (supabaseAnonKey === null) return
    setPending(true)
    setError(null)
    const result = await leave(supabaseAnonKey)
    setPending(false)
    if (!result.ok) setError(result.error.message)
    else if (result.value === 'reload') window.location.assign(paths.login.href())
    else void navigate(paths.login.href(), { state: { notice: 'signed-out' } })
  }
  return { pending, error, signOut }
}
