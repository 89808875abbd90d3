// The « Clés d'API » page's views in Node, as the prerender renders them: the new key's form (and
// its refusal), the plan that has the API on the others, the secret shown once, the keys with
// their scopes, last use and revocation, and the confirmation before revoking. The flows run in
// Chromium (web/test/browser/api-keys.test.ts).
import t from 'tap'
import { createRef, type ReactNode } from 'react'
import { formatDateTime } from '@paraphe/shared/dates'
import type { ApiKey } from '@/features/api-keys/api/api-keys-api'
import { CreatedKeyNotice, CreatedKeyNoticeView } from '@/features/api-keys/components/created-key-notice'
import { KeysListCard } from '@/features/api-keys/components/keys-list-card'
import { NewKeyCard, type NewKeyCardProps } from '@/features/api-keys/components/new-key-card'
import { serverRender } from '../support/server-render.js'

const noop = () => {}

const render = (node: ReactNode) => serverRender(node)

function newKey(overrides: Partial<NewKeyCardProps> = {}): string {
  return render(
    <NewKeyCard
      apiIncluded
      name=""
      canWrite
      nameProblem={null}
      nameRef={createRef<HTMLInputElement>()}
      working={false}
      onNameChange={noop}
      onCanWriteChange={noop}
      onSubmit={noop}
      {...overrides}
    />
  )
}

const erp: ApiKey = {
  id: 'k1',
  name: 'ERP',
  displayPrefix: 'paraphe_Ab12',
  scopes: ['read', 'write'],
  createdAt: '2026-11-20T08:00:00Z',
  lastUsedAt: '2026-11-24T17:30:00Z',
  revokedAt: null
}
const crm: ApiKey = {
  id: 'k2',
  name: 'CRM',
  displayPrefix: 'paraphe_Zz99',
  scopes: ['read'],
  createdAt: '2026-11-21T08:00:00Z',
  lastUsedAt: null,
  revokedAt: '2026-11-23T10:00:00Z'
}

t.test('a new key: its name and write access, a missing name explained; other plans see the Entreprise plan', async (t) => {
  const form = newKey()
  t.match(form, /<label for="api-key-name">Nom de la clé<\/label>/)
  t.match(form, /<input id="api-key-write" type="checkbox" checked=""/, 'write access by default')
  t.match(form, /Écriture : créer, modifier, envoyer, relancer et annuler des devis \(sinon, lecture seule\)/)
  t.match(form, />Créer la clé<\/button>/)
  t.notMatch(form, /aria-invalid/)
  const refused = newKey({
    name: ' ',
    nameProblem: 'Donnez un nom à la clé (le logiciel qui l’utilisera, par exemple).',
    canWrite: false,
    working: true
  })
  t.match(refused, /class="field field--invalid"/)
  t.match(refused, /aria-invalid="true" aria-describedby="api-key-name-error"/)
  t.match(refused, /<p class="field__error" id="api-key-name-error">Donnez un nom à la clé/)
  t.notMatch(refused, /checked=""/, 'read only when unticked')
  t.match(refused, /disabled="">Créer la clé/)
  const other = newKey({ apiIncluded: false })
  t.match(other, /Nouvelle clé <span class="badge badge--plan">Entreprise<\/span>/)
  t.match(other, /L’accès à l’API est inclus dans la formule Entreprise\./)
  t.match(other, /href="\/tarifs"/)
  t.notMatch(other, /api-key-name/, 'no form without the API')
})

t.test('the secret is shown once, with the warning', async (t) => {
  const html = render(<CreatedKeyNotice created={{ key: erp, secret: 'paraphe_Ab12secret' }} />)
  t.match(html, /Clé « ERP » créée\. Copiez-la maintenant : elle ne sera plus jamais affichée\./)
  t.match(
    html,
    /<input id="api-key-secret" class="api-key-secret" type="text" readOnly="" value="paraphe_Ab12secret"\/>/,
    'in a field, easy to select'
  )
  t.match(html, />Copier la clé<\/button>/, 'a copy button, like the webhook secret’s')
  t.match(html, /<p role="status"><\/p>/, 'nothing copied yet')
  t.match(
    render(<CreatedKeyNoticeView created={{ key: erp, secret: 'k' }} copy="copied" onCopy={noop} />),
    /<p role="status">Clé copiée\.<\/p>/
  )
  t.match(
    render(<CreatedKeyNoticeView created={{ key: erp, secret: 'k' }} copy="manual" onCopy={noop} />),
    /La clé est sélectionnée : copiez-la avec Ctrl\+C/
  )
})

t.test('the keys: prefix, scopes, use and revocation; « Révoquer » asks first', async (t) => {
  const list = render(<KeysListCard keys={[erp, crm]} revoking={null} working={false} onAskRevoke={noop} onRevoke={noop} />)
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')
  t.ok(
    list.includes(
      plain(
        `<strong>ERP</strong> — <code>paraphe_Ab12…</code> — lecture et écriture — créée le ${formatDateTime(erp.createdAt)}, utilisée le ${formatDateTime('2026-11-24T17:30:00Z')}`
      )
    ),
    'scopes, creation and last use'
  )
  t.ok(
    list.includes(
      plain(
        `<strong>CRM</strong> — <code>paraphe_Zz99…</code> — lecture — créée le ${formatDateTime(crm.createdAt)}, jamais utilisée, révoquée le ${formatDateTime('2026-11-23T10:00:00Z')}`
      )
    ),
    'never used, revoked'
  )
  t.match(list, /aria-label="Révoquer la clé ERP"/)
  t.notMatch(list, /Révoquer la clé CRM/, 'a revoked key has nothing left to revoke')
  t.match(list, /href="\/api\/v1\/openapi\.json"/, 'the way to the documentation')
  const confirming = render(<KeysListCard keys={[erp]} revoking="k1" working={false} onAskRevoke={noop} onRevoke={noop} />)
  t.match(confirming, /Confirmer la révocation de « ERP »/)
  t.match(confirming, />Annuler<\/button>/)
  t.match(
    render(<KeysListCard keys={[]} revoking={null} working={false} onAskRevoke={noop} onRevoke={noop} />),
    /Aucune clé pour l’instant\./
  )
})
