import { useEffect, useRef, useState, type FormEvent } from 'react'
import { FormAlert } from '@/components/form/form-alert'
import { SubmitButton } from '@/components/form/submit-button'
import { TextField } from '@/components/form/text-field'
import { proveRecoveryCode, proveSignInCode, recoveryCodesOffered } from '@/lib/account-security'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { connectSession } from '../lib/session'

/**
 * The sign-in's second step, once the password is right and the account has a second factor:
 * the authenticator's code, or a recovery code where the instance has them (Paraphe's own
 * accounts; Supabase Auth when the gateway may reach its tables — there the code removes the
 * authenticator, and `onDone` is told so).
 */
export function SecondFactorForm({
  onDone,
  onSignOut,
  signingOut
}: {
  onDone: (outcome: { factorRemoved: boolean }) => void
  onSignOut: () => void
  signingOut: boolean
}) {
  const { supabaseAnonKey, ownAccounts } = useRuntimeConfig()
  const [offered, setOffered] = useState(ownAccounts)
  const [recovery, setRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const codeRef = useRef<HTMLInputElement>(null)

  // With Supabase Auth, the gateway says whether it keeps recovery codes here.
  useEffect(() => {
    if (ownAccounts || supabaseAnonKey === null) return
    let active = true
    void connectSession(supabaseAnonKey)
      .then((supabase) => recoveryCodesOffered(supabase, supabaseAnonKey))
      .then((answer) => {
        if (active) setOffered(answer)
      })
      .catch(() => undefined)
    return () => {
      active = false
    }
  }, [ownAccounts, supabaseAnonKey])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (supabaseAnonKey === null) return
    if (code.trim() === '') {
      setProblem(recovery ? 'Saisissez un code de secours.' : 'Saisissez le code à 6 chiffres de votre application.')
      codeRef.current?.focus()
      return
    }
    setProblem(undefined)
    setFailure(null)
    setPending(true)
    const supabase = await connectSession(supabaseAnonKey)
    const result = recovery
      ? await proveRecoveryCode(supabase, supabaseAnonKey, code.trim())
      : await proveSignInCode(supabase, code).then((proved) =>
          proved.ok ? { ok: true as const, value: { factorRemoved: false } } : proved
        )
    setPending(false)
    if (!result.ok) {
      setFailure(result.message)
      codeRef.current?.focus()
      return
    }
    onDone(result.value)
  }

  return (
    <section className="card auth-card" aria-labelledby="login-second-factor">
      <h2 id="login-second-factor">Vérification en deux étapes</h2>
      <p>
        {recovery
          ? 'Saisissez l’un des codes de secours notés à l’activation. Chacun ne sert qu’une fois ; nous vous prévenons par e-mail de son usage.'
          : 'Votre mot de passe est correct. Saisissez maintenant le code à 6 chiffres affiché par votre application d’authentification.'}
      </p>
      <form className="form" method="post" onSubmit={submit} noValidate>
        <TextField
          id="login-code"
          name="code"
          label={recovery ? 'Code de secours' : 'Code de vérification'}
          type="text"
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          error={problem}
          inputRef={codeRef}
        />
        {failure === null ? null : <FormAlert>{failure}</FormAlert>}
        <SubmitButton ready pending={pending} pendingLabel="Vérification…">
          Valider
        </SubmitButton>
      </form>
      <p className="actions">
        {offered ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setRecovery((value) => !value)
              setCode('')
              setProblem(undefined)
              setFailure(null)
            }}
          >
            {recovery ? 'Utiliser le code de l’application' : 'Utiliser un code de secours'}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={onSignOut} disabled={signingOut}>
          Annuler et se déconnecter
        </button>
      </p>
    </section>
  )
}
