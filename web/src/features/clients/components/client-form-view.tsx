// The form of one saved client (new or edited): private person or company, names, e-mail, phone,
// billing and work-site addresses, SIRET for a company, « Acheteur public (Chorus Pro) » with its
// code service, notes. Pure view: the page holds the
// state and saves it.
import { PUBLIC_BUYER_LIMITS } from '@paraphe/shared/public-buyer'
import { SAVED_CLIENT_LIMITS } from '@paraphe/shared/saved-clients'
import type { CatalogFormProps } from '@/hooks/use-catalog-page'
import { InputField, TextAreaField } from '@/components/form/form-fields'
import type { ClientForm, ClientFormProblems } from '../lib/client-form'

/** The catalogue page's form props (hooks/use-catalog-page.ts), with this page's ids and button. */
export interface ClientFormViewProps extends CatalogFormProps<ClientForm, ClientFormProblems> {
  /** Prefix of the controls' ids: the new-client form and an edited row live on one page. */
  idPrefix: string
  submitLabel: string
}

const KINDS = [
  ['individual', 'Particulier'],
  ['business', 'Professionnel']
] as const

export function ClientFormView({ idPrefix, form, problems, working, submitLabel, onChange, onSubmit, onCancel }: ClientFormViewProps) {
  const field = <K extends Exclude<keyof ClientForm, 'kind' | 'publicBuyer' | 'serviceCode'>>(key: K) => ({
    value: form[key],
    onChange: (value: string) => onChange({ ...form, [key]: value }),
    error: problems[key]
  })
  const business = form.kind === 'business'
  const publicBuyer = business && form.publicBuyer === true
  return (
    <form className="client-form" noValidate onSubmit={onSubmit}>
      <fieldset className="choice-group">
        <legend className="choice-group__legend">Type de client</legend>
        <div className="choice-group__options">
          {KINDS.map(([kind, label]) => (
            <label key={kind} className="choice" htmlFor={`${idPrefix}-kind-${kind}`}>
              <input
                type="radio"
                id={`${idPrefix}-kind-${kind}`}
                name={`${idPrefix}-kind`}
                value={kind}
                checked={form.kind === kind}
                onChange={() => onChange({ ...form, kind })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form-grid">
        {business ? (
          <InputField id={`${idPrefix}-company`} label="Société" maxLength={SAVED_CLIENT_LIMITS.company} {...field('company')} />
        ) : null}
        <InputField
          id={`${idPrefix}-name`}
          label={business ? 'Nom du contact' : 'Nom du client'}
          optional={business}
          autoComplete="off"
          maxLength={SAVED_CLIENT_LIMITS.name}
          {...field('name')}
        />
        <InputField
          id={`${idPrefix}-email`}
          label="E-mail"
          optional
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={SAVED_CLIENT_LIMITS.email}
          {...field('email')}
        />
        <InputField
          id={`${idPrefix}-phone`}
          label="Téléphone"
          optional
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={SAVED_CLIENT_LIMITS.phone}
          {...field('phone')}
        />
        {business ? (
          <InputField
            id={`${idPrefix}-siret`}
            label="SIRET"
            optional
            inputMode="numeric"
            maxLength={SAVED_CLIENT_LIMITS.siret}
            {...field('siret')}
          />
        ) : null}
      </div>
      {business ? (
        <div className={problems.publicBuyer === undefined ? 'field' : 'field field--invalid'}>
          <label className="choice" htmlFor={`${idPrefix}-public`}>
            <input
              type="checkbox"
              id={`${idPrefix}-public`}
              checked={publicBuyer}
              onChange={(event) => onChange({ ...form, publicBuyer: event.target.checked })}
              aria-describedby={`${idPrefix}-public-hint`}
            />{' '}
            Acheteur public (Chorus Pro)
          </label>
          <p className="field__hint" id={`${idPrefix}-public-hint`}>
            Commune, école, hôpital, service de l’État&#8239;: ses factures sont déposées sur Chorus Pro. Son SIRET est alors obligatoire.
          </p>
          {problems.publicBuyer === undefined ? null : <p className="field__error">{problems.publicBuyer}</p>}
        </div>
      ) : null}
      {publicBuyer ? (
        <div className="form-grid">
          <InputField
            id={`${idPrefix}-service-code`}
            label="Code service"
            optional
            hint="Si l’acheteur vous l’a donné : Chorus Pro oriente la facture vers ce service."
            maxLength={PUBLIC_BUYER_LIMITS.serviceCode}
            value={form.serviceCode ?? ''}
            onChange={(serviceCode) => onChange({ ...form, serviceCode })}
            error={problems.serviceCode}
          />
        </div>
      ) : null}
      <div className="form-grid">
        <TextAreaField
          id={`${idPrefix}-address`}
          label="Adresse de facturation"
          optional
          rows={3}
          maxLength={SAVED_CLIENT_LIMITS.address}
          {...field('address')}
        />
        <TextAreaField
          id={`${idPrefix}-site`}
          label="Adresse du chantier"
          optional
          hint="Seulement si elle diffère de l’adresse de facturation."
          rows={3}
          maxLength={SAVED_CLIENT_LIMITS.address}
          {...field('siteAddress')}
        />
      </div>
      <TextAreaField
        id={`${idPrefix}-notes`}
        label="Notes"
        optional
        hint="Pour vous seulement : elles ne figurent pas sur les devis."
        rows={2}
        maxLength={SAVED_CLIENT_LIMITS.notes}
        {...field('notes')}
      />
      <p className="actions">
        <button type="submit" className="button button--primary" disabled={working}>
          {submitLabel}
        </button>
        {onCancel === undefined ? null : (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Annuler
          </button>
        )}
      </p>
    </form>
  )
}
