import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { STRIPE_CARD_FEES_TEXT, type StripeConnection } from '@paraphe/shared/api/card-payment-schemas'
import { formatLongDate, parisIsoDate } from '@paraphe/shared/dates'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { useStripeConnection } from '../api/get-stripe-connection'
import { stripeConnectionApi } from '../api/stripe-connection-api'

type Load = { kind: 'loading' } | { kind: 'ready'; connection: StripeConnection } | { kind: 'failed'; message: string }

const STATE_TEXT: Record<StripeConnection['state'], string> = {
  none: 'Non connecté',
  pending: 'En attente de Stripe : des informations restent à fournir avant le premier paiement',
  active: 'Connecté : vos clients peuvent payer par carte'
}

/**
 * « Paiement par carte »: the company's own Stripe account, connected once. The money goes from
 * the client's card to that account; the instance only asks Stripe for the payment pages and
 * records the payments Stripe reports.
 */
export function StripeConnectionSection() {
  const { api } = useWorkspace()
  const queryClient = useQueryClient()
  const query = useStripeConnection()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const load: Load =
    query.data !== undefined
      ? { kind: 'ready', connection: query.data }
      : query.error !== null
        ? { kind: 'failed', message: asApiError(query.error).message }
        : { kind: 'loading' }

  if (load.kind === 'loading' || (load.kind === 'ready' && !load.connection.available)) return null
  if (load.kind === 'failed') {
    return (
      <section className="form-section" aria-labelledby="stripe-title">
        <h2 id="stripe-title" className="form-section__legend">
          Paiement par carte
        </h2>
        <p className="notice notice--error" role="alert">
          {load.message}
        </p>
      </section>
    )
  }
  const { connection } = load
  const connect = () => {
    setBusy(true)
    setProblem(null)
    stripeConnectionApi.connect(api).then(
      (url) => window.location.assign(url),
      (error: unknown) => {
        setBusy(false)
        setProblem(asApiError(error).message)
      }
    )
  }
  const disconnect = () => {
    setBusy(true)
    setProblem(null)
    stripeConnectionApi.disconnect(api).then(
      (next) => {
        setBusy(false)
        queryClient.setQueryData(queryKeys.stripeConnection, next)
      },
      (error: unknown) => {
        setBusy(false)
        setProblem(asApiError(error).message)
      }
    )
  }
  return (
    <section className="form-section" id="paiement-carte" aria-labelledby="stripe-title">
      <h2 id="stripe-title" className="form-section__legend">
        Paiement par carte
      </h2>
      <p>
        Vos clients règlent vos factures par carte depuis leur lien ou leur e-mail&#8239;: l’argent arrive sur votre propre compte Stripe,
        et chaque paiement s’enregistre de lui-même sur la facture.
      </p>
      <p>Ce que Stripe vous facture&#8239;: {STRIPE_CARD_FEES_TEXT}. Aucun frais ne s’y ajoute.</p>
      <p role="status">
        <strong>{STATE_TEXT[connection.state]}</strong>
        {connection.connectedAt === null ? null : <> (depuis le {formatLongDate(parisIsoDate(new Date(connection.connectedAt)))})</>}
      </p>
      <p className="actions">
        {connection.state === 'active' ? null : (
          <button type="button" className="button button--primary" onClick={connect} disabled={busy}>
            {connection.state === 'none' ? 'Connecter mon compte Stripe' : 'Terminer la connexion chez Stripe'}
          </button>
        )}
        {connection.state === 'none' ? null : (
          <button type="button" className="button button--ghost" onClick={disconnect} disabled={busy}>
            Déconnecter
          </button>
        )}
      </p>
      {connection.state === 'none' ? null : (
        <p className="hint">
          Déconnecter arrête les nouveaux paiements par carte&#8239;; les paiements déjà reçus restent sur vos factures.
        </p>
      )}
      {problem === null ? null : (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}
