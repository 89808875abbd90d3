// The « Adresse d'expédition » page's views in Node, as the prerender renders them: the address's
// form (new, replacing, refused), the plan that has it on the others, each step of its state with
// the DNS records and what the last check found, and the words the confirmation link brings back.
// The flows run in Chromium (web/test/browser/sender.test.ts).
import t from 'tap'
import { createRef, type ReactNode } from 'react'
import type { Sender } from '@/features/sender/api/sender-api'
import { SenderAddressCard, type SenderAddressCardProps } from '@/features/sender/components/sender-address-card'
import { SenderStatusCard } from '@/features/sender/components/sender-status-card'
import { confirmationOutcome } from '@/features/sender/lib/confirmation-outcome'
import { serverRender } from '../support/server-render.js'

const noop = () => {}

const render = (node: ReactNode) => serverRender(node)

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

function addressCard(overrides: Partial<SenderAddressCardProps> = {}): string {
  return render(
    <SenderAddressCard
      included
      current={null}
      address=""
      problem={null}
      inputRef={createRef<HTMLInputElement>()}
      working={false}
      onAddressChange={noop}
      onSubmit={noop}
      {...overrides}
    />
  )
}

const DKIM = {
  purpose: 'dkim' as const,
  type: 'TXT' as const,
  name: 'paraphe202611._domainkey.durand-plomberie.fr',
  value: 'v=DKIM1; k=rsa; p=MIIBIjANBg',
  found: null
}
const SPF = {
  purpose: 'spf' as const,
  type: 'TXT' as const,
  name: 'durand-plomberie.fr',
  value: 'v=spf1 include:_spf.relais.example ~all',
  found: null
}
const waiting: Sender = {
  address: 'devis@durand-plomberie.fr',
  state: 'awaiting-confirmation',
  confirmedAt: null,
  confirmationSentAt: '2026-11-25T09:00:00Z',
  checkedAt: null,
  records: [DKIM, SPF]
}

function statusCard(sender: Sender, removing = false): string {
  return render(
    <SenderStatusCard
      sender={sender}
      viaName="Durand Plomberie via Paraphe"
      working={false}
      removing={removing}
      onResend={noop}
      onCheck={noop}
      onAskRemove={noop}
      onRemove={noop}
    />
  )
}

t.test('the address’s form: new, replacing, refused; the Entreprise plan on the others', async (t) => {
  const fresh = addressCard()
  t.match(fresh, /<h2 id="sender-address">Votre adresse d’expédition<\/h2>/)
  t.match(fresh, /<label for="sender-address-input">Adresse e-mail de votre domaine<\/label>/)
  t.match(fresh, /type="email" autoComplete="email"|type="email" autocomplete="email"/)
  t.match(fresh, />Utiliser cette adresse<\/button>/)
  const replacing = addressCard({ current: 'devis@durand-plomberie.fr' })
  t.match(text(replacing), 'Changer d’adresse')
  t.match(text(replacing), 'Une nouvelle adresse demande une nouvelle confirmation et un nouvel enregistrement DNS.')
  t.match(replacing, />Remplacer l’adresse<\/button>/)
  const refused = addressCard({ problem: 'Les adresses gmail.com ne peuvent pas servir.' })
  t.match(refused, /aria-invalid="true"/)
  t.match(refused, /aria-describedby="sender-address-hint sender-address-error"/)
  t.match(refused, /<p class="field__error" id="sender-address-error">Les adresses gmail\.com ne peuvent pas servir\.<\/p>/)
  const busy = addressCard({ working: true })
  t.match(busy, /disabled="">Utiliser cette adresse/)
  const other = addressCard({ included: false })
  t.notMatch(other, /<form/, 'no form without the plan')
  t.match(text(other), 'L’envoi depuis votre propre adresse est inclus dans la formule Entreprise.')
})

t.test('each step: the link sent, the DNS records to publish, then active', async (t) => {
  const first = statusCard(waiting)
  t.match(
    text(first),
    /^Adresse devis@durand-plomberie\.fr Étape 1 sur 2 : un lien de confirmation a été envoyé à devis@durand-plomberie\.fr le 25 novembre 2026/
  )
  t.match(text(first), 'vos e-mails partent au nom de « Durand Plomberie via Paraphe »')
  t.match(first, />Renvoyer le lien de confirmation<\/button>/)
  t.match(text(first), 'Clé DKIM (obligatoire) — Pas encore vérifié')
  t.match(text(first), 'Type TXT Nom paraphe202611._domainkey.durand-plomberie.fr Valeur v=DKIM1; k=rsa; p=MIIBIjANBg')
  t.match(text(first), 'SPF (recommandé) — Pas encore vérifié')
  t.match(text(first), 'Ajoutez-y seulement le « include »')

  const second = statusCard({
    ...waiting,
    state: 'awaiting-dns',
    confirmedAt: '2026-11-25T09:05:00Z',
    checkedAt: '2026-11-25T09:10:00Z',
    records: [{ ...DKIM, found: false }]
  })
  t.match(text(second), 'Étape 2 sur 2 : l’adresse devis@durand-plomberie.fr est confirmée. Publiez l’enregistrement DKIM')
  t.notMatch(second, /Renvoyer le lien/, 'confirmed: no link to send again')
  t.match(text(second), 'Clé DKIM (obligatoire) — Absent')
  t.notMatch(text(second), /SPF/, 'no SPF record when the operator names no include')
  t.match(text(second), /Dernière vérification le 25 novembre 2026/)

  const active = statusCard({
    ...waiting,
    state: 'active',
    confirmedAt: '2026-11-25T09:05:00Z',
    checkedAt: '2026-11-25T09:20:00Z',
    records: [
      { ...DKIM, found: true },
      { ...SPF, found: true }
    ]
  })
  t.match(
    active,
    /<p class="notice notice--success">Vos e-mails aux clients partent de <strong>devis@durand-plomberie\.fr<\/strong>, signés DKIM pour votre domaine\.<\/p>/
  )
  t.match(text(active), 'Clé DKIM (obligatoire) — Trouvé')
  t.match(active, />Vérifier le DNS<\/button>/)
  t.match(active, />Supprimer l’adresse<\/button>/)
  const removing = statusCard(waiting, true)
  t.match(removing, />Confirmer la suppression de l’adresse<\/button>/, 'removing asks for a confirmation')
  t.match(removing, />Annuler<\/button>/)
})

t.test('what the confirmation link brings back', async (t) => {
  t.match(confirmationOutcome('ok'), { kind: 'done', text: /^Adresse confirmée\./ })
  t.match(confirmationOutcome('invalid'), { kind: 'failed', text: /^Ce lien de confirmation n’est plus valable/ })
  t.equal(confirmationOutcome(null), null)
  t.equal(confirmationOutcome('autre'), null)
})
