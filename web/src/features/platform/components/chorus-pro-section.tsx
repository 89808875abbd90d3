// « Chorus Pro », the public buyers' section of « Ma plateforme agréée »: the PISTE application's
// token and API addresses, client id and secret, and the supplier's technical account (login and
// password). The secrets are sent once, sealed by the gateway and never shown again; « Tester la
// connexion » says in French what failed.
import { useRef, useState, type FormEvent } from 'react'
import { checkChorusProForm, PISTE_EXAMPLES, type ChorusProForm } from '@paraphe/shared/chorus-pro-connection'
import { ActionOutcomeNotice, LoadFailure, LoadingStatus, type ActionOutcome } from '@/components/ui/load-state'
import { useInvalidate } from '@/hooks/use-invalidate'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import { useChorusPro } from '../api/get-chorus-pro'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import { chorusProApi, type ChorusProConnection } from '../api/platform-api'

type Problems = Partial<Record<keyof ChorusProForm, string>>

const FIELD_ORDER: Array<keyof ChorusProForm> = ['apiUrl', 'tokenUrl', 'clientId', 'clientSecret', 'accountLogin', 'accountPassword']

const EMPTY: ChorusProForm = { apiUrl: '', tokenUrl: '', clientId: '', clientSecret: '', accountLogin: '', accountPassword: '' }

function formOf(connection: ChorusProConnection | null): ChorusProForm {
  if (connection === null) return EMPTY
  return {
    ...EMPTY,
    apiUrl: connection.apiUrl,
    tokenUrl: connection.tokenUrl,
    clientId: connection.clientId,
    accountLogin: connection.accountLogin
  }
}

function Field(props: {
  id: keyof ChorusProForm
  label: string
  hint: string
  value: string
  problem: string | undefined
  type?: 'url' | 'text' | 'password'
  onChange: (value: string) => void
}) {
  const inputId = `chorus-${props.id}`
  return (
    <div className={props.problem === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={inputId}>{props.label}</label>
      <p className="field__hint" id={`${inputId}-hint`}>
        {props.hint}
      </p>
      <input
        id={inputId}
        type={props.type ?? 'text'}
        autoComplete="off"
        spellCheck={false}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.problem === undefined ? undefined : true}
        aria-describedby={props.problem === undefined ? `${inputId}-hint` : `${inputId}-hint ${inputId}-error`}
      />
      {props.problem === undefined ? null : (
        <p className="field__error" id={`${inputId}-error`}>
          {props.problem}
        </p>
      )}
    </div>
  )
}

export function ChorusProSection() {
  const { api } = useWorkspace()
  const load = loadOf(useChorusPro())
  const reload = useInvalidate(queryKeys.chorusPro)
  const [saved, setSaved] = useState<ChorusProConnection | null | undefined>(undefined)
  const [form, setForm] = useState<ChorusProForm | null>(null)
  const [problems, setProblems] = useState<Problems>({})
  const [status, setStatus] = useState<ActionOutcome>(null)
  const [working, setWorking] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const connection = saved !== undefined ? saved : load.kind === 'ready' ? load.data.chorusPro : undefined
  const shown = form ?? formOf(connection ?? null)
  const update = (patch: Partial<ChorusProForm>) => setForm({ ...shown, ...patch })
  const stored = connection !== null && connection !== undefined

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = checkChorusProForm(shown, stored)
    if (!checked.ok) {
      setProblems(checked.problems)
      const first = FIELD_ORDER.find((key) => checked.problems[key] !== undefined)
      if (first !== undefined) formRef.current?.querySelector<HTMLInputElement>(`#chorus-${first}`)?.focus()
      return
    }
    setProblems({})
    setWorking(true)
    setStatus(null)
    try {
      const answer = await chorusProApi.save(api, shown)
      setSaved(answer.chorusPro)
      setForm({ ...shown, clientSecret: '', accountPassword: '' })
      setStatus({ kind: 'done', text: 'Accès à Chorus Pro enregistré. Testez-le pour vérifier les identifiants.' })
    } catch (error) {
      const failure = asApiError(error)
      if (failure.fields !== undefined) setProblems(failure.fields)
      else setStatus({ kind: 'failed', text: failure.message })
    } finally {
      setWorking(false)
    }
  }

  async function test() {
    setWorking(true)
    setStatus(null)
    try {
      const answer = await chorusProApi.test(api)
      setSaved(answer.chorusPro)
      setStatus(
        answer.ok
          ? { kind: 'done', text: 'Connexion réussie : PISTE a donné un jeton et Chorus Pro a accepté le compte technique.' }
          : { kind: 'failed', text: answer.problem ?? 'La connexion a échoué.' }
      )
    } catch (error) {
      setStatus({ kind: 'failed', text: asApiError(error).message })
    } finally {
      setWorking(false)
    }
  }

  async function remove() {
    setWorking(true)
    setStatus(null)
    try {
      await chorusProApi.remove(api)
      setSaved(null)
      setForm(EMPTY)
      setStatus({ kind: 'done', text: 'Accès supprimé : les factures à vos acheteurs publics s’envoient par e-mail.' })
    } catch (error) {
      setStatus({ kind: 'failed', text: asApiError(error).message })
    } finally {
      setWorking(false)
    }
  }

  const keep = 'Enregistré et chiffré, il n’est plus affiché : laissez vide pour le garder, ou saisissez-en un nouveau.'
  return (
    <section className="card team-card" aria-labelledby="chorus-title">
      <h2 id="chorus-title">Chorus Pro (acheteurs publics)</h2>
      <p>
        Les factures à vos clients marqués «&#8239;Acheteur public&#8239;» sont déposées sur Chorus Pro par l’API de PISTE. Indiquez
        l’application PISTE raccordée à Chorus Pro et le compte technique de votre structure.
      </p>
      {load.kind === 'loading' && saved === undefined ? <LoadingStatus /> : null}
      {load.kind === 'failed' && saved === undefined ? <LoadFailure error={load.error} onRetry={reload} /> : null}
      <ActionOutcomeNotice outcome={status} />
      {connection === undefined ? null : (
        <>
          {connection?.testedAt ? (
            <p>
              Dernier test le {new Date(connection.testedAt).toLocaleString('fr-FR')}&#8239;:{' '}
              {connection.testProblem === null ? 'connexion réussie.' : connection.testProblem}
            </p>
          ) : null}
          <form ref={formRef} className="form-grid" noValidate onSubmit={(event) => void save(event)}>
            <Field
              id="apiUrl"
              label="Adresse de l’API PISTE"
              hint={`Par exemple ${PISTE_EXAMPLES.apiUrl}.`}
              type="url"
              value={shown.apiUrl}
              problem={problems.apiUrl}
              onChange={(apiUrl) => update({ apiUrl })}
            />
            <Field
              id="tokenUrl"
              label="Adresse des jetons PISTE"
              hint={`Par exemple ${PISTE_EXAMPLES.tokenUrl}.`}
              type="url"
              value={shown.tokenUrl}
              problem={problems.tokenUrl}
              onChange={(tokenUrl) => update({ tokenUrl })}
            />
            <Field
              id="clientId"
              label="Identifiant client PISTE"
              hint="Le « client id » de votre application PISTE."
              value={shown.clientId}
              problem={problems.clientId}
              onChange={(clientId) => update({ clientId })}
            />
            <Field
              id="clientSecret"
              label="Secret client PISTE"
              hint={stored ? keep : 'Chiffré dès réception, il n’est plus jamais affiché.'}
              type="password"
              value={shown.clientSecret}
              problem={problems.clientSecret}
              onChange={(clientSecret) => update({ clientSecret })}
            />
            <Field
              id="accountLogin"
              label="Identifiant du compte technique"
              hint="Le compte technique Chorus Pro de votre structure (par exemple TECH_1_…@cpro.fr)."
              value={shown.accountLogin}
              problem={problems.accountLogin}
              onChange={(accountLogin) => update({ accountLogin })}
            />
            <Field
              id="accountPassword"
              label="Mot de passe du compte technique"
              hint={stored ? keep : 'Chiffré dès réception, il n’est plus jamais affiché.'}
              type="password"
              value={shown.accountPassword}
              problem={problems.accountPassword}
              onChange={(accountPassword) => update({ accountPassword })}
            />
            <div className="sender-actions">
              <button type="submit" className="button button--primary" disabled={working}>
                Enregistrer l’accès Chorus Pro
              </button>
              {stored ? (
                <>
                  <button type="button" className="button" disabled={working} onClick={() => void test()}>
                    Tester la connexion à Chorus Pro
                  </button>
                  <button type="button" className="button button--danger" disabled={working} onClick={() => void remove()}>
                    Supprimer l’accès Chorus Pro
                  </button>
                </>
              ) : null}
            </div>
          </form>
        </>
      )}
    </section>
  )
}
