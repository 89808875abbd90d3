import type { FormEvent } from 'react'
import { QUOTE_DEFAULTS, TEXT_LIMITS, type QuoteClient } from '@paraphe/shared/quote'
import { planAllows, planWith, type Plan } from '@paraphe/shared/plans'
import { CheckboxField, InputField, TextAreaField } from '@/components/form/form-fields'
import { PlanBadge, UpgradePrompt } from '@/components/ui/plan-badge'
import type { EditorAction, FieldErrors, LiveTotals, QuoteForm, TextKey } from '../lib/quote-form'
import { ClientPicker } from './client-picker'
import { LinesEditor } from './lines-editor'

export interface DraftFormProps {
  form: QuoteForm
  errors: FieldErrors
  live: LiveTotals
  franchiseEnBase: boolean
  dispatch: (action: EditorAction) => void
  /** The account's plan once known (null before): what it lacks shows its badge instead of failing at sending. */
  plan?: Plan | null
}

// Saving is automatic: Enter in a field must not submit anything.
const noSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault()

/** Every value of a draft, grouped as the PDF presents them (the totals are beside it: draft-side-panel). */
export function DraftForm({ form, errors, live, franchiseEnBase, dispatch, plan = null }: DraftFormProps) {
  const emailCodeLocked = plan !== null && !planAllows(plan, 'signerEmailCode')
  // What every text control of the form takes: its value, its action, and its error by path.
  const textField = (key: TextKey, errorPath: string = key) => ({
    value: form[key],
    onChange: (value: string) => dispatch({ type: 'text', key, value }),
    error: errors[errorPath]
  })
  const clientField = (key: Exclude<keyof QuoteClient, 'kind'>) => ({
    value: form.client[key],
    onChange: (value: string) => dispatch({ type: 'client', key, value }),
    error: errors[`client.${key}`]
  })
  return (
    <form className="quote-form" onSubmit={noSubmit} noValidate aria-label="Contenu du devis">
      <fieldset className="form-section">
        <legend className="form-section__legend">Client</legend>
        <ClientPicker form={form} dispatch={dispatch} />
        <fieldset className="choice-group">
          <legend className="choice-group__legend">Type de client</legend>
          <div className="choice-group__options">
            {(
              [
                ['individual', 'Particulier'],
                ['business', 'Professionnel']
              ] as const
            ).map(([kind, label]) => (
              <label key={kind} className="choice" htmlFor={`quote-client-kind-${kind}`}>
                <input
                  type="radio"
                  id={`quote-client-kind-${kind}`}
                  name="quote-client-kind"
                  value={kind}
                  checked={form.client.kind === kind}
                  onChange={() => dispatch({ type: 'client', key: 'kind', value: kind })}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="form-grid">
          <InputField
            id="quote-client-name"
            label={form.client.kind === 'business' ? 'Nom du contact' : 'Nom du client'}
            autoComplete="off"
            maxLength={TEXT_LIMITS.short}
            {...clientField('name')}
          />
          {form.client.kind === 'business' || form.client.company !== '' ? (
            <InputField id="quote-client-company" label="Société" maxLength={TEXT_LIMITS.short} {...clientField('company')} />
          ) : null}
          <InputField
            id="quote-client-email"
            label="E-mail du client"
            hint="Le lien de signature est envoyé à cette adresse."
            type="email"
            inputMode="email"
            maxLength={TEXT_LIMITS.short}
            {...clientField('email')}
          />
          <InputField
            id="quote-client-phone"
            label="Téléphone du client"
            optional
            type="tel"
            inputMode="tel"
            maxLength={40}
            {...clientField('phone')}
          />
        </div>
        <TextAreaField
          id="quote-client-address"
          label="Adresse du client"
          rows={3}
          maxLength={TEXT_LIMITS.address}
          {...clientField('address')}
        />
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__legend">Devis et travaux</legend>
        <InputField
          id="quote-title"
          label="Titre du devis"
          hint="Par exemple «&#8239;Rénovation de la salle de bains&#8239;»."
          maxLength={TEXT_LIMITS.short}
          {...textField('title')}
        />
        <TextAreaField
          id="quote-site-address"
          label="Adresse du chantier"
          optional
          hint="Seulement si elle diffère de l’adresse du client."
          rows={2}
          maxLength={TEXT_LIMITS.address}
          {...textField('siteAddress')}
        />
        <div className="form-grid">
          <InputField id="quote-issue-date" label="Date du devis" type="date" {...textField('issueDate')} />
          <InputField
            id="quote-validity"
            label="Durée de validité"
            hint={`En jours, de 1 à ${QUOTE_DEFAULTS.maxValidityDays}.`}
            inputMode="numeric"
            suffix="jours"
            {...textField('validityDays')}
          />
          <InputField id="quote-work-start" label="Début des travaux" optional type="date" {...textField('workStartDate')} />
          <InputField
            id="quote-work-duration"
            label="Durée estimée des travaux"
            optional
            hint="Par exemple «&#8239;3 jours&#8239;» ou «&#8239;2 semaines&#8239;»."
            maxLength={TEXT_LIMITS.short}
            {...textField('workDuration')}
          />
        </div>
        <CheckboxField
          id="quote-building-trade"
          label="Travaux du bâtiment ou de dépannage"
          hint="Le devis porte alors la mention «&#8239;Devis reçu avant l’exécution des travaux&#8239;», que votre client coche en signant."
          checked={form.buildingTrade}
          onChange={(value) => dispatch({ type: 'flag', key: 'buildingTrade', value })}
        />
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__legend">Lignes du devis</legend>
        <p className="hint">
          Quantités et prix s’écrivent à la française&#8239;: «&#8239;1,5&#8239;», «&#8239;1 234,50&#8239;». Les prix sont hors taxes. Une
          section («&#8239;Lot 1 — Plomberie&#8239;») regroupe les lignes qui la suivent et affiche leur sous-total.
        </p>
        <p className="hint lines-editor__keys">
          Au clavier&#8239;: <kbd>Entrée</kbd> ajoute une ligne en dessous, <kbd>Tab</kbd> passe au champ suivant, <kbd>Alt</kbd>+
          <kbd>↑</kbd>/<kbd>↓</kbd> déplace la ligne&#8239;; sur grand écran, <kbd>Maj</kbd>+<kbd>Entrée</kbd> va à la ligne dans une
          désignation.
        </p>
        <LinesEditor
          lines={form.lines}
          lineHtCents={live.lineHtCents}
          subtotals={live.subtotals}
          errors={errors}
          franchiseEnBase={franchiseEnBase}
          dispatch={dispatch}
        />
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__legend">Paiement et conditions</legend>
        <InputField
          id="quote-deposit"
          label="Acompte demandé"
          optional
          hint="En pourcentage du total TTC. Un particulier démarché à domicile ne peut rien verser pendant 7 jours."
          inputMode="decimal"
          suffix="%"
          placeholder="0"
          {...textField('deposit', 'depositBp')}
        />
        <TextAreaField
          id="quote-payment-terms"
          label="Conditions de paiement"
          optional
          hint="Échéances, moyens de paiement, pénalités de retard."
          maxLength={TEXT_LIMITS.long}
          {...textField('paymentTerms')}
        />
        <TextAreaField
          id="quote-conditions"
          label="Conditions d’exécution et garanties"
          optional
          rows={4}
          maxLength={TEXT_LIMITS.long}
          {...textField('conditions')}
        />
        <TextAreaField id="quote-notes" label="Notes pour le client" optional maxLength={TEXT_LIMITS.long} {...textField('notes')} />
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__legend">Signature</legend>
        <CheckboxField
          id="quote-require-code"
          label={
            <>
              Demander un code reçu par e-mail avant la signature
              {emailCodeLocked ? <PlanBadge plan={planWith('signerEmailCode')} /> : null}
            </>
          }
          hint={
            <>
              Votre client saisit un code envoyé à son adresse e-mail&#8239;: la preuve de son identité est plus forte.
              {emailCodeLocked ? (
                <UpgradePrompt plan={planWith('signerEmailCode')}>
                  Votre formule {plan.name} ne comprend pas le code de vérification.
                </UpgradePrompt>
              ) : null}
            </>
          }
          checked={form.requireEmailCode}
          // Left usable when already ticked (a draft from before a downgrade), so it can be unticked.
          disabled={emailCodeLocked && !form.requireEmailCode}
          onChange={(value) => dispatch({ type: 'flag', key: 'requireEmailCode', value })}
        />
      </fieldset>
    </form>
  )
}
