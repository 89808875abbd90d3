import { useRef, useState, type FormEvent } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import { FormAlert } from '@/components/form/form-alert'
import { TextField } from '@/components/form/text-field'
import {
  enrolTotp,
  newRecoveryCodes,
  proveCode,
  unenrol,
  type Enrolment,
  type RecoveryCodes,
  type TotpFactor
} from '@/lib/account-security'
import { RecoveryCodesNotice } from './recovery-codes-notice'

const DATE = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' })
const DATE_TIME = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' })

export interface TwoFactorCardProps {
  supabase: SupabaseClient
  anonKey: string
  factor: TotpFactor | null
  recovery: RecoveryCodes
  onChanged: (text: string) => Promise<void>
}

/**
 * « Double authentification »: turned on with an authenticator app (QR code, or the key typed by
 * hand, then one code to prove it works, then the recovery codes where the instance has them),
 * turned off with a current code. With Supabase Auth, a recovery code used at sign-in removed the
 * authenticator: the card says so until it is turned on again.
 */
export function TwoFactorCard({ supabase, anonKey, factor, recovery, onChanged }: TwoFactorCardProps) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [disabling, setDisabling] = useState(false)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const codeRef = useRef<HTMLInputElement>(null)

  function reset() {
    setCode('')
    setProblem(undefined)
    setFailure(null)
  }

  async function start() {
    reset()
    setPending(true)
    const result = await enrolTotp(supabase)
    setPending(false)
    if (!result.ok) return setFailure(result.message)
    setEnrolment(result.value)
  }

  function checkCode(): boolean {
    if (/^\d{6}$/.test(code.replace(/\s/g, ''))) return true
    setProblem('Saisissez les 6 chiffres affichés par votre application.')
    codeRef.current?.focus()
    return false
  }

  async function confirmEnrolment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (enrolment === null || !checkCode()) return
    setProblem(undefined)
    setFailure(null)
    setPending(true)
    const proved = await proveCode(supabase, enrolment.factorId, code)
    if (!proved.ok) {
      setPending(false)
      setFailure(proved.message)
      return codeRef.current?.focus()
    }
    const made = recovery.available ? await newRecoveryCodes(supabase, anonKey) : null
    setPending(false)
    setEnrolment(null)
    reset()
    if (made !== null && made.ok) setCodes(made.value.codes)
    await onChanged('La double authentification est activée : chaque connexion demandera le code de votre application.')
  }

  /** Ten new codes (the previous ones stop working): when they are lost, or used up. */
  async function renewCodes() {
    reset()
    setPending(true)
    const made = await newRecoveryCodes(supabase, anonKey)
    setPending(false)
    if (!made.ok) return setFailure(made.message)
    setCodes(made.value.codes)
    await onChanged('De nouveaux codes de secours sont prêts : les précédents ne fonctionnent plus.')
  }

  async function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (factor === null || !checkCode()) return
    setProblem(undefined)
    setFailure(null)
    setPending(true)
    // The current code first: whoever holds only the password cannot turn the factor off.
    const proved = await proveCode(supabase, factor.id, code)
    const removed = proved.ok ? await unenrol(supabase, factor.id) : proved
    setPending(false)
    if (!removed.ok) {
      setFailure(removed.message)
      return codeRef.current?.focus()
    }
    setDisabling(false)
    setCodes(null)
    reset()
    await onChanged('La double authentification est désactivée : la connexion ne demande plus que le mot de passe.')
  }

  return (
    <section className="card security-card" aria-labelledby="security-two-factor">
      <h2 id="security-two-factor">Double authentification</h2>
      {codes === null ? null : <RecoveryCodesNotice codes={codes} onDone={() => setCodes(null)} />}
      {factor !== null ? (
        <>
          <p>
            <strong>Activée</strong> depuis le {DATE.format(new Date(factor.createdAt))} : chaque connexion demande, après le mot de passe,
            le code de votre application d’authentification.
          </p>
          {recovery.available && recovery.remaining !== null ? (
            <p>
              Codes de secours restants : <strong>{recovery.remaining}</strong> sur 10.
            </p>
          ) : null}
          {!recovery.available ? (
            <p className="field__hint">
              Les codes de secours ne sont pas proposés sur cette instance : gardez l’accès à votre application.
            </p>
          ) : null}
          {disabling ? (
            <form className="form" method="post" onSubmit={disable} noValidate>
              <TextField
                id="security-disable-code"
                name="code"
                label="Code actuel de votre application"
                type="text"
                autoComplete="one-time-code"
                value={code}
                onChange={setCode}
                error={problem}
                inputRef={codeRef}
              />
              {failure === null ? null : <FormAlert>{failure}</FormAlert>}
              <p className="actions">
                <button type="submit" className="button button--danger" disabled={pending}>
                  {pending ? 'Désactivation…' : 'Désactiver la double authentification'}
                </button>
                <button type="button" className="button button--ghost" onClick={() => (setDisabling(false), reset())}>
                  Annuler
                </button>
              </p>
            </form>
          ) : (
            <>
              {failure === null ? null : <FormAlert>{failure}</FormAlert>}
              <p className="actions">
                {recovery.available ? (
                  <button type="button" className="button button--ghost" onClick={() => void renewCodes()} disabled={pending}>
                    {pending ? 'Création des codes…' : 'Créer de nouveaux codes de secours'}
                  </button>
                ) : null}
                <button type="button" className="button button--ghost" onClick={() => (setDisabling(true), reset())}>
                  Désactiver…
                </button>
              </p>
            </>
          )}
        </>
      ) : enrolment === null ? (
        <>
          {recovery.factorRemovedAt === null ? null : (
            <div className="notice notice--warning">
              <p>
                <strong>Votre application d’authentification a été retirée du compte</strong> : un code de secours a servi à vous connecter
                le {DATE_TIME.format(new Date(recovery.factorRemovedAt))}, à sa place. La connexion ne demande plus que le mot de passe.
                Activez à nouveau la double authentification ci-dessous ; de nouveaux codes de secours vous seront donnés.
              </p>
            </div>
          )}
          <p>
            Protégez votre compte au-delà du mot de passe : à chaque connexion, saisissez aussi le code à 6 chiffres d’une application
            d’authentification (Google Authenticator, Microsoft Authenticator, FreeOTP, 2FAS…).
          </p>
          {failure === null ? null : <FormAlert>{failure}</FormAlert>}
          <p className="actions">
            <button type="button" className="button button--primary" onClick={() => void start()} disabled={pending}>
              {pending ? 'Préparation…' : 'Activer la double authentification'}
            </button>
          </p>
        </>
      ) : (
        <form className="form" method="post" onSubmit={confirmEnrolment} noValidate>
          <ol className="security-steps">
            <li>Dans votre application d’authentification, ajoutez un compte en scannant ce QR code.</li>
          </ol>
          <img
            className="security-qr"
            src={enrolment.qrCode}
            alt="QR code à scanner avec votre application d’authentification"
            width={200}
            height={200}
          />
          <p>
            Impossible de scanner ? Saisissez cette clé dans l’application :{' '}
            <code className="security-secret" id="security-secret">
              {enrolment.secret}
            </code>
          </p>
          <TextField
            id="security-enrol-code"
            name="code"
            label="Code affiché par l’application"
            hint="6 chiffres, renouvelés toutes les 30 secondes."
            type="text"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            error={problem}
            inputRef={codeRef}
          />
          {failure === null ? null : <FormAlert>{failure}</FormAlert>}
          <p className="actions">
            <button type="submit" className="button button--primary" disabled={pending}>
              {pending ? 'Vérification…' : 'Activer'}
            </button>
            <button type="button" className="button button--ghost" onClick={() => (setEnrolment(null), reset())}>
              Annuler
            </button>
          </p>
        </form>
      )}
    </section>
  )
}
