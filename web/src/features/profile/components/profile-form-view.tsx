import { useState, type FormEvent, type ReactNode } from 'react'
import type { CompanyProfile } from '@paraphe/shared/company'
import { QUOTE_DEFAULTS, TEXT_LIMITS } from '@paraphe/shared/quote'
import { CheckboxField, InputField, TextAreaField } from '@/components/form/form-fields'
import { PROFILE_SECTIONS } from '@paraphe/shared/profile-steps'
import type { ProfileErrors, ProfileForm } from '../lib/profile-form'

type TextField = Exclude<keyof ProfileForm, 'franchiseEnBase'>

export interface ProfileFormViewProps {
  form: ProfileForm
  errors: ProfileErrors
  onChange: (change: Partial<ProfileForm>) => void
  onSubmit: () => void
  /** Before hydration or while loading: nothing can be sent. */
  disabled: boolean
  saving: boolean
  /** Below the fields: the outcome of the last save. */
  outcome: ReactNode
  /**
   * `first`: only what the first quote needs, the rest offered behind a button (a new account);
   * `all`: every section, each saying when it is needed.
   */
  step?: 'first' | 'all'
  onShowAll?: () => void
  /** What the State's company search said about the SIRET (found, not found, unreachable). */
  siretNote?: string | null
}

export const profileFieldId = (field: keyof CompanyProfile) => `profile-${field}`

/** The company profile: the mentions every quote carries, and the defaults of new quotes. */
export function ProfileFormView({
  form,
  errors,
  onChange,
  onSubmit,
  disabled,
  saving,
  outcome,
  step = 'all',
  onShowAll,
  siretNote = null
}: ProfileFormViewProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit()
  }
  // Building trade: the décennale is asked with the first step, before any quote is sent (the
  // gateway refuses to send a building-trade quote without it). Unset, it follows the profile.
  const [buildingTrade, setBuildingTrade] = useState<boolean | null>(null)
  const asksInsurance = buildingTrade ?? form.insurer.trim() !== ''
  const input = (field: TextField) => ({
    id: profileFieldId(field),
    value: form[field],
    onChange: (value: string) => onChange({ [field]: value }),
    error: errors[field],
    disabled
  })
  return (
    <form className="profile-form" method="post" onSubmit={submit} noValidate aria-label="Profil de l’entreprise">
      <fieldset className="form-section">
        <legend className="form-section__legend">Identité de l’entreprise</legend>
        <InputField
          {...input('companyName')}
          label="Raison sociale ou nom commercial"
          autoComplete="organization"
          maxLength={TEXT_LIMITS.short}
        />
        <InputField
          {...input('legalForm')}
          label="Forme juridique"
          hint="Par exemple EI, micro-entreprise, EURL, SARL, SAS."
          maxLength={TEXT_LIMITS.short}
        />
        <TextAreaField
          {...input('address')}
          label="Adresse"
          hint="Celle du siège ou de l’établissement, telle qu’elle doit figurer sur vos devis."
          rows={3}
          maxLength={TEXT_LIMITS.address}
          autoComplete="street-address"
        />
        <div className="form-grid">
          <InputField
            {...input('siret')}
            label="SIRET"
            hint={
              siretNote ??
              '14 chiffres, sur votre avis de situation Insee ou votre extrait Kbis : le nom, la forme et l’adresse sont alors repris de l’annuaire des entreprises.'
            }
            inputMode="numeric"
            maxLength={30}
          />
          <InputField
            {...input('registration')}
            label="Immatriculation RCS ou RM"
            optional
            hint="Par exemple «&#8239;RCS Lyon 123 456 789&#8239;» ou «&#8239;RM 69&#8239;»."
            maxLength={TEXT_LIMITS.short}
          />
        </div>
        <CheckboxField
          id={profileFieldId('franchiseEnBase')}
          label="Franchise en base de TVA (article 293 B du CGI)"
          hint="Cochez si vous ne facturez pas la TVA (micro-entreprise sous les seuils)&#8239;: vos devis n’afficheront aucune TVA et porteront la mention «&#8239;TVA non applicable, article 293 B du CGI&#8239;». Elle s’applique aux devis créés ensuite."
          checked={form.franchiseEnBase}
          onChange={(franchiseEnBase) => onChange({ franchiseEnBase })}
          disabled={disabled}
        />
        <InputField
          {...input('vatNumber')}
          label="Numéro de TVA intracommunautaire"
          optional={form.franchiseEnBase}
          hint={
            form.franchiseEnBase
              ? 'Inutile en franchise en base de TVA.'
              : 'FR, 2 chiffres de clé, puis les 9 chiffres du SIREN (par exemple FR 40 123 456 789).'
          }
          maxLength={30}
        />
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__legend">Coordonnées</legend>
        <div className="form-grid">
          <InputField
            {...input('email')}
            label="E-mail professionnel"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={TEXT_LIMITS.short}
          />
          <InputField {...input('phone')} label="Téléphone" type="tel" inputMode="tel" autoComplete="tel" maxLength={40} />
        </div>
      </fieldset>

      {step === 'first' ? (
        <fieldset className="form-section" id={PROFILE_SECTIONS.insurance}>
          <legend className="form-section__legend">Assurance professionnelle</legend>
          <CheckboxField
            id="profile-buildingTrade"
            label="Je réalise des travaux du bâtiment"
            hint="Votre assurance décennale doit alors figurer sur vos devis et vos factures de travaux."
            checked={asksInsurance}
            onChange={setBuildingTrade}
            disabled={disabled}
          />
          {asksInsurance ? <InsuranceFields input={input} /> : null}
        </fieldset>
      ) : null}

      {step === 'first' ? (
        <div className="profile-form__later">
          <p>
            C’est tout ce qu’il faut pour votre premier devis. Le reste vous sera demandé au moment où il servira&#8239;: vos coordonnées
            bancaires à votre premier acompte ou à votre première facture.
          </p>
          <button type="button" className="button button--ghost" onClick={onShowAll}>
            Compléter tout le profil maintenant
          </button>
        </div>
      ) : (
        <>
          <fieldset className="form-section" id={PROFILE_SECTIONS.insurance}>
            <legend className="form-section__legend">Assurance professionnelle</legend>
            <p className="hint">
              Obligatoire sur les devis et les factures des métiers du bâtiment (assurance décennale notamment)&#8239;: sans elle, un devis
              de travaux ne peut pas être envoyé.
            </p>
            <InsuranceFields input={input} />
          </fieldset>

          <fieldset className="form-section" id={PROFILE_SECTIONS.bank}>
            <legend className="form-section__legend">Coordonnées bancaires</legend>
            <p className="hint">
              Imprimées sur les devis qui demandent un acompte et sur vos factures, pour un règlement par virement (avec un QR code de
              paiement).
            </p>
            <div className="form-grid">
              <InputField
                {...input('iban')}
                label="IBAN"
                optional
                hint="Par exemple FR76 3000 6000 0112 3456 7890 189."
                autoComplete="off"
                maxLength={50}
              />
              <InputField
                {...input('bic')}
                label="BIC"
                optional
                hint="8 ou 11 caractères, par exemple AGRIFRPP."
                autoComplete="off"
                maxLength={20}
              />
            </div>
          </fieldset>

          <fieldset className="form-section">
            <legend className="form-section__legend">Médiation de la consommation</legend>
            <p className="hint">
              Le médiateur auquel vous adhérez (obligatoire pour vendre à des particuliers)&#8239;: il est indiqué sur vos devis aux clients
              particuliers, avec leur droit de rétractation de 14&#8239;jours.
            </p>
            <div className="form-grid">
              <InputField {...input('mediatorName')} label="Nom du médiateur" optional maxLength={TEXT_LIMITS.short} />
              <InputField
                {...input('mediatorUrl')}
                label="Site du médiateur"
                optional
                type="url"
                inputMode="url"
                hint="Par exemple https://www.mediateur-exemple.fr."
                maxLength={TEXT_LIMITS.short}
              />
            </div>
          </fieldset>

          <fieldset className="form-section">
            <legend className="form-section__legend">Pour vos nouveaux devis</legend>
            <InputField
              {...input('defaultValidityDays')}
              label="Durée de validité habituelle"
              hint={`En jours, de 1 à ${QUOTE_DEFAULTS.maxValidityDays}.`}
              inputMode="numeric"
              suffix="jours"
            />
            <TextAreaField
              {...input('defaultPaymentTerms')}
              label="Conditions de paiement habituelles"
              optional
              hint="Reprises dans «&#8239;Conditions de paiement&#8239;» de chaque nouveau devis, où vous pouvez les adapter. Par exemple «&#8239;Acompte de 30&#8239;% à la commande, solde à la fin des travaux, par virement.&#8239;»"
              rows={3}
              maxLength={TEXT_LIMITS.long}
            />
            <TextAreaField
              {...input('defaultExecutionConditions')}
              label="Conditions d’exécution et garanties habituelles"
              optional
              hint="Reprises dans «&#8239;Conditions d’exécution et garanties&#8239;» de chaque nouveau devis. Par exemple «&#8239;Travaux réalisés selon les DTU en vigueur, garantie de parfait achèvement d’un an.&#8239;»"
              rows={3}
              maxLength={TEXT_LIMITS.long}
            />
          </fieldset>
        </>
      )}

      {outcome}
      <button type="submit" className="button button--primary" disabled={disabled || saving}>
        {saving ? 'Enregistrement…' : 'Enregistrer le profil'}
      </button>
    </form>
  )
}

type FieldProps = Pick<Parameters<typeof InputField>[0], 'id' | 'value' | 'onChange' | 'error' | 'disabled'>

/** The insurer, its coverage and the policy number: in the first step for the building trade, in its own section after. */
function InsuranceFields({ input }: { input: (field: 'insurer' | 'insuranceCoverage' | 'insurancePolicy') => FieldProps }) {
  return (
    <div className="form-grid">
      <InputField {...input('insurer')} label="Assureur" optional maxLength={TEXT_LIMITS.short} />
      <InputField
        {...input('insuranceCoverage')}
        label="Couverture géographique"
        optional
        hint="Par exemple «&#8239;France métropolitaine&#8239;»."
        maxLength={TEXT_LIMITS.short}
      />
      <InputField {...input('insurancePolicy')} label="Numéro de contrat" optional maxLength={TEXT_LIMITS.short} />
    </div>
  )
}
