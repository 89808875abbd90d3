import { paths } from '@paraphe/shared/paths'
import { Link, useLocation } from 'react-router-dom'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { EMPTY_PROFILE, normaliseSiret, profileGaps, siretProblem, vatNumberOfSiret, type CompanyProfile } from '@paraphe/shared/company'
import { useProfile } from '@/hooks/use-profile'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import type { ApiError } from '@/lib/api-client'
import { loadOf } from '@/lib/query-load'
import type { RouteHandle } from '@/lib/route-handle'
import { useCompanyLookup } from '../api/get-company-lookup'
import { useProfileLogo } from '../api/get-profile-logo'
import { useLogoChange, useUpdateProfile } from '../api/update-profile'
import { LogoField } from '../components/logo-field'
import { StripeConnectionSection } from '../components/stripe-connection-section'
import { useAccountPlan } from '@/hooks/use-account-plan'
import { isFirstStepField } from '@paraphe/shared/profile-steps'
import type { Plan } from '@paraphe/shared/plans'
import { profileFieldId, ProfileFormView } from '../components/profile-form-view'
import type { LogoStatus } from '../lib/profile-actions'
import { firstProblem, profileFormOf, type ProfileErrors, type ProfileForm } from '../lib/profile-form'

export const handle: RouteHandle = {
  title: 'Profil de l’entreprise',
  description: 'Les informations de votre entreprise qui figurent sur chaque devis\u202f: identité, SIRET, TVA, assurance, logo.'
}

export { ProfilePage as Component }

export type ProfileLoad = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; error: ApiError }
export type SaveOutcome = { kind: 'idle' } | { kind: 'saved' } | { kind: 'invalid' } | { kind: 'failed'; message: string }

function ProfilePage() {
  const { userEmail } = useWorkspace()
  const [form, setForm] = useState<ProfileForm>(() => profileFormOf(EMPTY_PROFILE))
  const [saved, setSaved] = useState<CompanyProfile>(EMPTY_PROFILE)
  const [errors, setErrors] = useState<ProfileErrors>({})
  const [outcome, setOutcome] = useState<SaveOutcome>({ kind: 'idle' })
  const [preview, setPreview] = useState<string | null>(null)
  const [logoStatus, setLogoStatus] = useState<LogoStatus>({ kind: 'idle' })
  const account = useAccountPlan().state
  const profile = useProfile()
  const logo = useProfileLogo(profile.data?.logo != null)
  const update = useUpdateProfile()
  const logoChange = useLogoChange()
  const shown = loadOf(profile)
  const load: ProfileLoad = shown.kind === 'ready' ? { kind: 'ready' } : shown
  // A new account sees the first step only; a section asked for by its anchor (#assurance,
  // #banque, from the editor or an invoice) or a problem in a later field shows everything.
  const section = useLocation().hash.slice(1)
  const [step, setStep] = useState<'first' | 'all'>('first')
  useEffect(() => {
    if (section !== '') setStep('all')
  }, [section])
  useEffect(() => {
    if (load.kind !== 'ready' || step !== 'all' || section === '') return
    const target = document.getElementById(section)
    target?.scrollIntoView({ block: 'start' })
    target?.querySelector<HTMLElement>('input, textarea')?.focus({ preventScroll: true })
  }, [load.kind, step, section])

  // The preview is an object URL: released when replaced or when the page goes.
  const previewRef = useRef<string | null>(null)
  const showPreview = (url: string | null) => {
    if (previewRef.current !== null) URL.revokeObjectURL(previewRef.current)
    previewRef.current = url
    setPreview(url)
  }
  useEffect(() => () => showPreview(null), [])

  // The form starts from the profile once read; later reads (after a save) do not overwrite typing.
  const [started, setStarted] = useState(false)
  useEffect(() => {
    if (started || profile.data === undefined) return
    const read = profile.data.profile
    setStarted(true)
    setSaved(read)
    // A new profile starts with the account's address: most professionals use one address.
    setForm(profileFormOf(read.email === '' && userEmail !== null ? { ...read, email: userEmail } : read))
    if (profileGaps(read).length === 0) setStep('all')
  }, [started, profile.data, userEmail])
  useEffect(() => {
    if (logo.data !== undefined) showPreview(URL.createObjectURL(logo.data))
  }, [logo.data])
  useEffect(() => {
    if (logo.isError) setLogoStatus({ kind: 'failed', message: 'Le logo enregistré n’a pas pu être affiché.' })
  }, [logo.isError])

  // A whole, valid SIRET asks the State's company search once; what it answers fills the fields
  // still empty (never one already typed), and the SIRET's hint says where it came from.
  const [siretNote, setSiretNote] = useState<string | null>(null)
  const siret = siretProblem(form.siret) === null ? normaliseSiret(form.siret) : null
  const lookingUp = siret !== null && load.kind === 'ready' && siret !== normaliseSiret(saved.siret)
  const company = useCompanyLookup(siret ?? '', lookingUp)
  useEffect(() => {
    if (!lookingUp) return
    const found = company.data
    if (found !== undefined) {
      setForm((current) => ({
        ...current,
        companyName: current.companyName.trim() === '' ? found.companyName : current.companyName,
        legalForm: current.legalForm.trim() === '' ? found.legalForm : current.legalForm,
        address: current.address.trim() === '' ? found.address : current.address
      }))
      setSiretNote(`${found.companyName} : nom, forme juridique et adresse repris de l’annuaire des entreprises de l’État. Vérifiez-les.`)
    } else if (company.error !== null) setSiretNote(asApiError(company.error).message)
    else setSiretNote('Recherche de l’entreprise dans l’annuaire des entreprises…')
  }, [lookingUp, company.data, company.error])

  const focusField = (field: keyof CompanyProfile | undefined) => {
    if (field !== undefined) document.getElementById(profileFieldId(field))?.focus()
  }

  const save = async () => {
    setOutcome({ kind: 'idle' })
    const result = await update.mutateAsync(form)
    if (result.kind === 'saved') {
      setSaved(result.profile)
      setForm(profileFormOf(result.profile))
      setErrors({})
      return setOutcome({ kind: 'saved' })
    }
    setErrors(result.kind === 'invalid' ? result.errors : {})
    setOutcome(result.kind === 'invalid' ? { kind: 'invalid' } : result)
    if (result.kind !== 'invalid') return
    const field = firstProblem(result.errors)
    // A field of a later step (the API refused a saved IBAN, say) is shown before it gets the focus.
    if (field !== undefined && !isFirstStepField(field)) {
      setStep('all')
      requestAnimationFrame(() => focusField(field))
    } else focusField(field)
  }

  const chooseLogo = async (file: File) => {
    setLogoStatus({ kind: 'busy', label: 'Envoi du logo…' })
    const status = await logoChange.mutateAsync({ file })
    if (status.kind === 'done') showPreview(URL.createObjectURL(file))
    setLogoStatus(status)
  }

  const dropLogo = async () => {
    setLogoStatus({ kind: 'busy', label: 'Suppression du logo…' })
    const status = await logoChange.mutateAsync({ remove: true })
    if (status.kind === 'done') showPreview(null)
    setLogoStatus(status)
  }

  return (
    <ProfileView
      load={load}
      onRetry={() => void profile.refetch()}
      gaps={load.kind === 'ready' ? profileGaps(saved) : []}
      form={form}
      errors={errors}
      onChange={(change) => {
        setForm((current) => withComputedVat(current, { ...current, ...change }))
        setOutcome({ kind: 'idle' })
      }}
      onSubmit={() => void save()}
      saving={update.isPending}
      outcome={outcome}
      preview={preview}
      logoStatus={logoStatus}
      onLogoFile={(file) => void chooseLogo(file)}
      onLogoRemove={() => void dropLogo()}
      plan={account.kind === 'ready' ? account.plan : null}
      step={step}
      onShowAll={() => setStep('all')}
      siretNote={siretNote}
      after={<StripeConnectionSection />}
    />
  )
}

export interface ProfileViewProps {
  load: ProfileLoad
  onRetry: () => void
  /** What the saved profile lacks before a quote can be sent. */
  gaps: readonly string[]
  form: ProfileForm
  errors: ProfileErrors
  onChange: (change: Partial<ProfileForm>) => void
  onSubmit: () => void
  saving: boolean
  outcome: SaveOutcome
  preview: string | null
  /** The account's plan once known: whether the logo is printed. */
  plan?: Plan | null
  logoStatus: LogoStatus
  onLogoFile: (file: File) => void
  onLogoRemove: () => void
  /** The first step (a new account) or the whole profile. */
  step?: 'first' | 'all'
  onShowAll?: () => void
  /** What the company search said about the SIRET typed. */
  siretNote?: string | null
  /** Settings kept apart from the profile's form (the Stripe connection). */
  after?: ReactNode
}

export function ProfileView(props: ProfileViewProps) {
  const { load, outcome } = props
  const ready = load.kind === 'ready'
  return (
    <article className="profile-page">
      <header className="page-intro workspace-intro">
        <h1>Profil de l’entreprise</h1>
        <p className="lead">Ces informations figurent sur chacun de vos devis&#8239;: la plupart sont des mentions obligatoires.</p>
        <p>
          Vos e-mails aux clients&#8239;: <Link to={paths.sender.href()}>adresse d’expédition</Link>. Vos factures électroniques&#8239;:{' '}
          <Link to={paths.platform.href()}>ma plateforme agréée</Link>.
        </p>
      </header>
      {load.kind === 'loading' ? (
        <p className="workspace-loading" role="status">
          Chargement du profil…
        </p>
      ) : null}
      {load.kind === 'failed' ? (
        <div className="notice notice--error" role="alert">
          <p>{load.error.message}</p>
          <button type="button" className="button button--ghost" onClick={props.onRetry}>
            Réessayer
          </button>
        </div>
      ) : null}
      {ready && props.gaps.length > 0 ? (
        <p className="notice notice--warning workspace-notice">Pour envoyer un devis, il manque encore&#8239;: {props.gaps.join(', ')}.</p>
      ) : null}
      <ProfileFormView
        form={props.form}
        errors={props.errors}
        onChange={props.onChange}
        onSubmit={props.onSubmit}
        disabled={!ready}
        saving={props.saving}
        step={props.step ?? 'all'}
        onShowAll={props.onShowAll}
        siretNote={props.siretNote ?? null}
        outcome={
          outcome.kind === 'saved' ? (
            <p className="notice notice--success" role="status">
              Profil enregistré.
            </p>
          ) : outcome.kind === 'invalid' ? (
            <p className="notice notice--error" role="alert">
              Le profil n’est pas enregistré&#8239;: corrigez les champs signalés.
            </p>
          ) : outcome.kind === 'failed' ? (
            <p className="notice notice--error" role="alert">
              Le profil n’est pas enregistré&#8239;: {outcome.message}
            </p>
          ) : null
        }
      />
      <LogoField
        preview={props.preview}
        status={props.logoStatus}
        onFile={props.onLogoFile}
        onRemove={props.onLogoRemove}
        disabled={!ready}
        plan={props.plan ?? null}
      />
      {props.after}
    </article>
  )
}

/**
 * The VAT number follows the SIRET as it is typed, while it is empty or still the one computed
 * from the previous SIRET (a number typed by hand is never replaced).
 */
export function withComputedVat(before: ProfileForm, after: ProfileForm): ProfileForm {
  if (after.siret === before.siret || after.franchiseEnBase) return after
  const computedBefore = vatNumberOfSiret(before.siret)
  const typed = after.vatNumber.replace(/\s/g, '').toUpperCase()
  if (typed !== '' && typed !== computedBefore) return after
  return { ...after, vatNumber: vatNumberOfSiret(after.siret) ?? (typed === '' ? '' : after.vatNumber) }
}
