import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Invoice, InvoiceRequest } from '@paraphe/shared/api/invoice-schemas'
import { deductionLabel, progressStatementText } from '@paraphe/shared/invoices/invoice-statements'
import {
  DEPOSIT_DEDUCTION_LABELS,
  DEPOSIT_DEDUCTION_MODES,
  INVOICE_KIND_LABELS,
  type DepositDeductionMode
} from '@paraphe/shared/invoices/invoice-document'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { formatCentsInput, parseEurosToCents } from '@paraphe/shared/decimal-input'
import { paths } from '@paraphe/shared/paths'
import { isSection, type Quote } from '@paraphe/shared/quote'
import { asApiError } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { formatPercentInput, parsePercentToBp } from '@/lib/percent'
import { useWorkspace } from '@/hooks/use-workspace'
import {
  depositPreviewCents,
  lineProgressProblems,
  progressProblem,
  situationPreviewCents,
  type InvoicingPlan
} from '../lib/invoicing-plan'
import { checkSiren, requestProblem } from '../lib/request-problem'
import { useInvoiceOptions, type ReverseChargeOffer } from './invoice-options-fields'

type Built = { ok: true; request: InvoiceRequest } | { ok: false }

/** The two ways a deposit comes off the situations, as the form offers them. */
const DEPOSIT_DEDUCTION_CHOICES: Readonly<Record<DepositDeductionMode, string>> = {
  proportional: 'Au prorata de l’avancement (l’acompte est entièrement déduit à 100 %)',
  first: 'Sur les premières situations, jusqu’à épuisement de l’acompte'
}

/** The reverse charge on a quote's invoice: a business client's first invoice chooses, the later ones follow it. */
export function reverseChargeOffer(quote: Quote, plan: InvoicingPlan): ReverseChargeOffer {
  if (quote.client.kind !== 'business' || quote.franchiseEnBase) return 'none'
  return plan.deductions.length === 0 ? 'choice' : 'inherited'
}

interface DraftFormProps {
  quote: Quote
  plan: InvoicingPlan
  title: string
  submitLabel: string
  build: () => Built
  /** A situation or a final invoice: the retenue de garantie is offered. */
  retention: boolean
  /** The draft being edited (« Modifier le brouillon »): saved in place rather than created. */
  draft: Invoice | null
  children: ReactNode
}

/**
 * The frame of the three forms: the client's SIREN when the client is a business (a mandatory
 * mention), the retenue and reverse-charge options, the refusal said in full, and « Préparer … »
 * which makes the draft (or saves the edited one) and opens it.
 */
function DraftForm({ quote, plan, title, submitLabel, build, retention, draft, children }: DraftFormProps) {
  const { api } = useWorkspace()
  const navigate = useNavigate()
  const id = useId()
  const business = quote.client.kind === 'business'
  const options = useInvoiceOptions({
    retention,
    reverseCharge: reverseChargeOffer(quote, plan),
    ...(draft === null ? {} : { initial: draft.request })
  })
  const [siren, setSiren] = useState(draft?.request.clientSiren ?? '')
  const [sirenError, setSirenError] = useState<string | null>(null)
  const [problem, setProblem] = useState<string[] | null>(null)
  const [pending, setPending] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    const built = build()
    const chosen = options.read()
    const checkedSiren = business ? checkSiren(siren) : null
    setSirenError(checkedSiren !== null && !checkedSiren.ok ? checkedSiren.message : null)
    if (!built.ok || chosen === null || (checkedSiren !== null && !checkedSiren.ok)) return
    setPending(true)
    const request = { ...built.request, ...chosen, ...(checkedSiren === null ? {} : { clientSiren: checkedSiren.value }) }
    const saved = draft === null ? invoicesApi.createDraft(api, request) : invoicesApi.updateDraft(api, draft.id, draft.version, request)
    saved.then(
      (draft) => void navigate(paths.invoice.href(draft.id)),
      (error: unknown) => {
        setPending(false)
        setProblem(requestProblem(asApiError(error)))
      }
    )
  }
  return (
    <form className="invoice-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {options.fields}
      {business ? (
        <div className={sirenError === null ? 'field' : 'field field--invalid'}>
          <label htmlFor={`${id}-siren`}>SIREN du client</label>
          <p className="field__hint" id={`${id}-siren-hint`}>
            Obligatoire sur une facture à un professionnel (les 9 premiers chiffres de son SIRET).
          </p>
          <input
            id={`${id}-siren`}
            inputMode="numeric"
            autoComplete="off"
            value={siren}
            onChange={(event) => setSiren(event.target.value)}
            aria-invalid={sirenError !== null}
            aria-describedby={sirenError === null ? `${id}-siren-hint` : `${id}-siren-hint ${id}-siren-error`}
          />
          {sirenError === null ? null : (
            <p className="field__error" id={`${id}-siren-error`}>
              {sirenError}
            </p>
          )}
        </div>
      ) : null}
      {problem === null ? null : (
        <div className="notice notice--error" role="alert">
          {problem.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <p className="hint">La facture est d’abord préparée en brouillon&#8239;: vous la relisez avant de l’émettre.</p>
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Préparation…' : draft === null ? submitLabel : 'Enregistrer le brouillon'}
      </button>
    </form>
  )
}

/** « Facturer l'acompte »: the quote's deposit percentage (or another), or an amount TTC. */
export function DepositForm({ quote, plan, draft }: { quote: Quote; plan: InvoicingPlan; draft: Invoice | null }) {
  const id = useId()
  const asked = draft?.request
  const [mode, setMode] = useState<'percent' | 'amount'>(asked?.depositAmountCents === undefined ? 'percent' : 'amount')
  const [percent, setPercent] = useState(formatPercentInput(asked?.depositBp ?? (quote.depositBp > 0 ? quote.depositBp : 3000)))
  const [amount, setAmount] = useState(asked?.depositAmountCents === undefined ? '' : formatCentsInput(asked.depositAmountCents))
  const [error, setError] = useState<string | null>(null)
  const parsedPercent = parsePercentToBp(percent)
  const preview =
    mode === 'percent' && parsedPercent.ok && parsedPercent.value > 0
      ? depositPreviewCents(plan.quoteTotalTtcCents, parsedPercent.value)
      : null
  const build = (): Built => {
    if (mode === 'percent') {
      if (!parsedPercent.ok || parsedPercent.value === 0) {
        setError(parsedPercent.ok ? 'Indiquez un pourcentage supérieur à zéro.' : parsedPercent.message)
        return { ok: false }
      }
      setError(null)
      return { ok: true, request: { kind: 'deposit', quoteId: quote.id, depositBp: parsedPercent.value } }
    }
    const cents = parseEurosToCents(amount, plan.remainingTtcCents)
    if (!cents.ok || cents.value === 0) {
      setError(
        !cents.ok
          ? cents.message === 'Ce montant est trop élevé.'
            ? `L’acompte ne peut pas dépasser le reste à facturer (${formatEuros(plan.remainingTtcCents)} TTC).`
            : cents.message
          : 'Indiquez un montant supérieur à zéro.'
      )
      return { ok: false }
    }
    setError(null)
    return { ok: true, request: { kind: 'deposit', quoteId: quote.id, depositAmountCents: cents.value } }
  }
  const errorId = `${id}-error`
  return (
    <DraftForm
      quote={quote}
      plan={plan}
      draft={draft}
      retention={false}
      title="Facturer l’acompte"
      submitLabel="Préparer la facture d’acompte"
      build={build}
    >
      <p>
        {quote.depositBp > 0
          ? `Le devis signé prévoit un acompte de ${formatVatRate(quote.depositBp)}.`
          : 'Le devis ne prévoit pas d’acompte chiffré : indiquez-le.'}{' '}
        La facture d’acompte est payable à réception.
      </p>
      <fieldset>
        <legend>Montant de l’acompte</legend>
        <label className="choice">
          <input type="radio" name={`${id}-mode`} checked={mode === 'percent'} onChange={() => setMode('percent')} /> Un pourcentage du
          devis
        </label>
        <label className="choice">
          <input type="radio" name={`${id}-mode`} checked={mode === 'amount'} onChange={() => setMode('amount')} /> Un montant TTC
        </label>
      </fieldset>
      {mode === 'percent' ? (
        <div className="field">
          <label htmlFor={`${id}-percent`}>Pourcentage du devis (%)</label>
          <input
            id={`${id}-percent`}
            inputMode="decimal"
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error === null ? `${id}-preview` : `${errorId} ${id}-preview`}
          />
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-amount`}>Montant TTC de l’acompte (€)</label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error === null ? undefined : errorId}
          />
        </div>
      )}
      {error === null ? null : (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      <p className="invoice-preview" id={`${id}-preview`}>
        {preview === null ? null : `Acompte : ${formatEuros(preview)} TTC sur ${formatEuros(plan.quoteTotalTtcCents)}.`}
      </p>
    </DraftForm>
  )
}

/** « Facture de situation »: the whole quote's cumulative progress, or line by line. */
export function SituationForm({
  quote,
  plan,
  previousByLine,
  draft
}: {
  quote: Quote
  plan: InvoicingPlan
  previousByLine: ReadonlyMap<string, number>
  draft: Invoice | null
}) {
  const id = useId()
  const lines = quote.lines.flatMap((line) => (isSection(line) ? [] : [{ ...line, previousBp: previousByLine.get(line.id) ?? 0 }]))
  const askedLines = new Map((draft?.request.progressLines ?? []).map((line) => [line.lineId, line.cumulativeBp]))
  const [mode, setMode] = useState<'whole' | 'lines'>(draft?.request.progressLines === undefined ? 'whole' : 'lines')
  const [whole, setWhole] = useState(formatPercentInput(draft?.request.progressBp ?? Math.min(10_000, plan.progressBp + 1000)))
  const [byLine, setByLine] = useState<Record<string, string>>(() =>
    Object.fromEntries(lines.map((line) => [line.id, formatPercentInput(askedLines.get(line.id) ?? line.previousBp)]))
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  // After a deposit, the first situation chooses how it comes off; later ones keep that choice.
  const hasDeposit = plan.depositsTtcCents > 0
  const [takeBack, setTakeBack] = useState<DepositDeductionMode>(plan.depositDeduction ?? draft?.request.depositDeduction ?? 'proportional')
  const depositDeduction = hasDeposit && plan.depositDeduction === null ? { depositDeduction: takeBack } : {}
  const parsedWhole = parsePercentToBp(whole)
  const statement =
    mode === 'whole' && parsedWhole.ok && progressProblem(plan.progressBp, parsedWhole.value) === null
      ? `${progressStatementText({
          situationNumber: plan.nextSituationNumber,
          cumulativeBp: parsedWhole.value,
          previousBp: plan.progressBp,
          ...(hasDeposit ? { depositDeduction: takeBack } : {})
        })} — ${formatEuros(
          situationPreviewCents(plan.quoteTotalTtcCents, plan.progressBp, parsedWhole.value, {
            depositsTtcCents: plan.depositsTtcCents,
            takenBackTtcCents: plan.depositTakenBackTtcCents,
            mode: takeBack
          })
        )} TTC environ`
      : null
  const build = (): Built => {
    if (mode === 'whole') {
      const problem = parsedWhole.ok ? progressProblem(plan.progressBp, parsedWhole.value) : parsedWhole.message
      setErrors(problem === null ? {} : { whole: problem })
      if (problem !== null || !parsedWhole.ok) return { ok: false }
      return { ok: true, request: { kind: 'progress', quoteId: quote.id, progressBp: parsedWhole.value, ...depositDeduction } }
    }
    const found: Record<string, string> = {}
    const asked = lines.map((line) => {
      const parsed = parsePercentToBp(byLine[line.id] ?? '')
      if (!parsed.ok) found[line.id] = parsed.message
      return { lineId: line.id, previousBp: line.previousBp, cumulativeBp: parsed.ok ? parsed.value : line.previousBp }
    })
    const checked = lineProgressProblems(asked)
    Object.assign(found, checked.byLine)
    if (checked.general !== null) found.lines = checked.general
    setErrors(found)
    if (Object.keys(found).length > 0) return { ok: false }
    return {
      ok: true,
      request: {
        kind: 'progress',
        quoteId: quote.id,
        progressLines: asked.map(({ lineId, cumulativeBp }) => ({ lineId, cumulativeBp })),
        ...depositDeduction
      }
    }
  }
  return (
    <DraftForm
      quote={quote}
      plan={plan}
      draft={draft}
      retention
      title={`Facture de situation n° ${plan.nextSituationNumber}`}
      submitLabel="Préparer la facture de situation"
      build={build}
    >
      <p>
        Indiquez l’avancement cumulé des travaux depuis le début du chantier&#8239;: la situation facture la différence avec la précédente (
        {formatVatRate(plan.progressBp)} déjà facturés).
      </p>
      <fieldset>
        <legend>Avancement</legend>
        <label className="choice">
          <input type="radio" name={`${id}-mode`} checked={mode === 'whole'} onChange={() => setMode('whole')} /> Pour tout le devis
        </label>
        <label className="choice">
          <input type="radio" name={`${id}-mode`} checked={mode === 'lines'} onChange={() => setMode('lines')} /> Ligne par ligne
        </label>
      </fieldset>
      {mode === 'whole' ? (
        <div className="field">
          <label htmlFor={`${id}-whole`}>Avancement cumulé (%)</label>
          <input
            id={`${id}-whole`}
            inputMode="decimal"
            value={whole}
            onChange={(event) => setWhole(event.target.value)}
            aria-invalid={errors.whole !== undefined}
            aria-describedby={errors.whole === undefined ? undefined : `${id}-whole-error`}
          />
          {errors.whole === undefined ? null : (
            <p className="field__error" id={`${id}-whole-error`}>
              {errors.whole}
            </p>
          )}
        </div>
      ) : (
        <ul className="invoice-progress-lines">
          {lines.map((line) => (
            <li key={line.id} className="field">
              <label htmlFor={`${id}-${line.id}`}>{line.description}</label>
              <p className="field__hint" id={`${id}-${line.id}-hint`}>
                Déjà facturé&#8239;: {formatVatRate(line.previousBp)}
              </p>
              <input
                id={`${id}-${line.id}`}
                inputMode="decimal"
                value={byLine[line.id] ?? ''}
                onChange={(event) => setByLine((current) => ({ ...current, [line.id]: event.target.value }))}
                aria-invalid={errors[line.id] !== undefined}
                aria-describedby={errors[line.id] === undefined ? `${id}-${line.id}-hint` : `${id}-${line.id}-hint ${id}-${line.id}-error`}
              />
              {errors[line.id] === undefined ? null : (
                <p className="field__error" id={`${id}-${line.id}-error`}>
                  {errors[line.id]}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {errors.lines === undefined ? null : <p className="field__error">{errors.lines}</p>}
      {!hasDeposit ? null : plan.depositDeduction === null ? (
        <fieldset>
          <legend>Déduction de l’acompte ({formatEuros(plan.depositsTtcCents)} TTC)</legend>
          {DEPOSIT_DEDUCTION_MODES.map((choice) => (
            <label className="choice" key={choice}>
              <input type="radio" name={`${id}-take-back`} checked={takeBack === choice} onChange={() => setTakeBack(choice)} />{' '}
              {DEPOSIT_DEDUCTION_CHOICES[choice]}
            </label>
          ))}
          <p className="field__hint">Ce choix vaut pour toutes les situations de ce devis.</p>
        </fieldset>
      ) : (
        <p className="field__hint">
          L’acompte est déduit {DEPOSIT_DEDUCTION_LABELS[plan.depositDeduction]} (
          {formatEuros(Math.max(0, plan.depositsTtcCents - plan.depositTakenBackTtcCents))} TTC restent à déduire).
        </p>
      )}
      <p className="invoice-preview invoice-statement">{statement}</p>
    </DraftForm>
  )
}

/**
 * « Facture de solde »: what the quote leaves, each deposit and situation deducted by its number.
 * Before anything was invoiced it is the quote's one invoice, and says so: « Facture ».
 */
export function FinalForm({ quote, plan, draft }: { quote: Quote; plan: InvoicingPlan; draft: Invoice | null }) {
  const whole = plan.deductions.length === 0
  return (
    <DraftForm
      quote={quote}
      plan={plan}
      draft={draft}
      retention
      title={whole ? 'Facture du devis entier' : 'Facture de solde'}
      submitLabel={whole ? 'Préparer la facture' : 'Préparer la facture de solde'}
      build={() => ({ ok: true, request: { kind: 'final', quoteId: quote.id } })}
    >
      {whole ? (
        <p>Rien n’a encore été facturé&#8239;: la facture porte sur tout le devis, sans acompte à déduire.</p>
      ) : (
        <p>La facture de solde reprend tout le devis et déduit ce qui a déjà été facturé&#8239;:</p>
      )}
      {whole ? null : (
        <ul className="invoice-deductions">
          {plan.deductions.map((invoice) => (
            <li key={invoice.id}>
              {invoice.number !== null && invoice.issueDate !== null && (invoice.kind === 'deposit' || invoice.kind === 'progress')
                ? deductionLabel({ kind: invoice.kind, number: invoice.number, issueDate: invoice.issueDate })
                : INVOICE_KIND_LABELS[invoice.kind]}
              &#8239;: −{formatEuros(invoice.totalTtcCents)} TTC
            </li>
          ))}
        </ul>
      )}
      <p className="invoice-preview">Reste à facturer&#8239;: {formatEuros(plan.remainingTtcCents)} TTC.</p>
    </DraftForm>
  )
}
