// The team page and the invitation page in each state, rendered in Node as the prerender does:
// the owner with members and pending invitations, each confirmation, a member's view, the
// warnings after a downgrade, a one-user plan, a full plan, an address refused; an invitation
// open, used, cancelled, expired, and a failed « Rejoindre ». The flows themselves (invite,
// join from the e-mail, remove) run in Chromium (web/test/browser/team.test.ts).
import t from 'tap'
import { createRef, type ReactNode } from 'react'
import type { Invitation, InvitationView, Member, Team } from '@/features/team/api/team-api'
import { InvitationCard } from '@/features/team/components/invitation-card'
import { TeamDetails, type Confirming, type TeamDetailsProps } from '@/features/team/components/team-details'
import { serverRender } from '../support/server-render.js'

const noop = () => {}

const render = (node: ReactNode) => serverRender(node)

const owner: Member = { userId: 'u-owner', email: 'durand@plomberie.example', role: 'owner', joinedAt: '2026-01-05T09:00:00Z', isYou: true }
const colleague: Member = {
  userId: 'u-colleague',
  email: 'lea@plomberie.example',
  role: 'member',
  joinedAt: '2026-02-01T09:00:00Z',
  isYou: false
}
const pending: Invitation = {
  id: 'inv-1',
  email: 'marc@plomberie.example',
  createdAt: '2026-11-20T08:30:00Z',
  expiresAt: '2026-11-27T08:30:00Z'
}

function team(overrides: Partial<Team> = {}): Team {
  return {
    you: { userId: owner.userId, role: 'owner' },
    members: [owner, colleague],
    invitations: [pending],
    seats: { members: 2, pending: 1, seats: 5 },
    plan: { id: 'entreprise', name: 'Entreprise' },
    readOnly: false,
    ...overrides
  }
}

function details(overrides: Partial<TeamDetailsProps> = {}): string {
  const props: TeamDetailsProps = {
    team: team(),
    working: false,
    confirming: null,
    onConfirm: noop,
    email: '',
    emailProblem: null,
    emailRef: createRef<HTMLInputElement>(),
    onEmailChange: noop,
    onInvite: noop,
    onRemove: noop,
    onTransfer: noop,
    onLeave: noop,
    onResend: noop,
    onCancel: noop,
    ...overrides
  }
  return render(<TeamDetails {...props} />)
}

t.test('the owner sees the members, the seats, the invitation form and the pending invitations', async (t) => {
  const html = details()
  t.match(html, /Formule Entreprise : 3 utilisateurs sur 5 \(dont 1 invitation en attente\)/)
  t.match(html, /<strong>durand@plomberie\.example<\/strong> \(vous\) — Propriétaire/)
  t.match(html, /<strong>lea@plomberie\.example<\/strong> — Membre/)
  t.match(html, /aria-label="Retirer lea@plomberie\.example"/, 'a member can be removed')
  t.match(html, /aria-label="Transférer la propriété à lea@plomberie\.example"/, 'ownership can be handed over')
  t.notMatch(html, /Retirer durand/, 'the owner cannot remove themselves')
  t.match(html, /<label for="invite-email">Adresse e-mail<\/label>/)
  t.match(html, /valable 7 jours/)
  t.match(html, /<strong>marc@plomberie\.example<\/strong> — envoyée le/)
  t.match(html, /aria-label="Renvoyer l’invitation à marc@plomberie\.example"/)
  t.match(html, /aria-label="Annuler l’invitation à marc@plomberie\.example"/)
  t.notMatch(html, /Quitter l’entreprise/, 'the owner does not leave: they hand over first')
  t.notMatch(html, /notice--warning/, 'no warning within the seats')
})

t.test('each irreversible action asks for its confirmation in place', async (t) => {
  const removing: Confirming = { action: 'remove', member: colleague }
  const remove = details({ confirming: removing })
  t.match(remove, /Confirmer le retrait de lea@plomberie\.example/)
  t.match(remove, />Annuler<\/button>/)
  t.notMatch(remove, /aria-label="Retirer lea/, 'the first button gave way to the confirmation')
  t.match(details({ confirming: { action: 'transfer', member: colleague } }), /Confirmer : lea@plomberie\.example devient propriétaire/)
  t.match(
    details({ confirming: removing, working: true }),
    /<button type="button" class="button button--danger" disabled="">Confirmer le retrait/,
    'disabled while it runs'
  )
})

t.test('a member sees the team, may leave, and is told who manages it', async (t) => {
  const asMember = team({
    you: { userId: colleague.userId, role: 'member' },
    members: [
      { ...owner, isYou: false },
      { ...colleague, isYou: true }
    ]
  })
  const html = details({ team: asMember })
  t.match(html, /<strong>lea@plomberie\.example<\/strong> \(vous\) — Membre/)
  t.notMatch(html, /Retirer|Transférer|Inviter un collègue|marc@plomberie/, 'no owner action, no invitation')
  t.match(html, />Quitter l’entreprise<\/button>/)
  t.match(html, /gérés par le propriétaire de l’entreprise/)
  t.match(details({ team: asMember, confirming: { action: 'leave' } }), /Confirmer : quitter l’entreprise/)
})

t.test('after a downgrade below the member count: read-only said plainly to both sides', async (t) => {
  const over = team({ plan: { id: 'pro', name: 'Pro' }, seats: { members: 3, pending: 0, seats: 1 }, invitations: [] })
  t.match(
    details({ team: over }),
    /Votre entreprise compte 3 membres pour 1 place dans la formule Pro : les membres peuvent consulter les devis, plus les modifier\. Retirez des membres ou choisissez la formule Entreprise\./
  )
  const readOnly = details({ team: { ...over, you: { userId: colleague.userId, role: 'member' }, readOnly: true } })
  t.match(readOnly, /vous pouvez consulter les devis, pas les modifier\./)
  t.match(readOnly, /Le propriétaire peut retirer des membres ou choisir la formule Entreprise\./)
  t.match(details({ team: team({ seats: { members: 7, pending: 0, seats: 5 } }) }), /7 membres pour 5 places/)
})

t.test('a one-user plan offers the upgrade instead of the form; a full plan says why it cannot invite', async (t) => {
  const single = details({
    team: team({ plan: { id: 'pro', name: 'Pro' }, members: [owner], invitations: [], seats: { members: 1, pending: 0, seats: 1 } })
  })
  t.match(single, /Inviter des collègues <span class="badge badge--plan">Entreprise<\/span>/)
  t.match(
    single,
    /Votre formule Pro compte un seul utilisateur\. La formule Entreprise permet de travailler jusqu’à 5 sur les mêmes devis\./
  )
  t.match(single, /href="\/tarifs"/)
  t.notMatch(single, /invite-email/)
  const full = details({ team: team({ seats: { members: 4, pending: 1, seats: 5 } }) })
  t.match(full, /Toutes les places de votre formule sont prises/)
  t.notMatch(full, /id="invite-email"/, 'no form when every seat is taken')
  t.match(details({ team: team({ invitations: [] }) }), /Aucune invitation en attente\./)
})

t.test('a refused address is shown under the field and tied to it', async (t) => {
  const html = details({ email: 'pas-une-adresse', emailProblem: 'Saisissez une adresse e-mail valide.' })
  t.match(html, /class="field field--invalid"/)
  t.match(html, /value="pas-une-adresse"/)
  t.match(html, /aria-invalid="true"/)
  t.match(html, /aria-describedby="invite-email-hint invite-email-error"/)
  t.match(html, /<p class="field__error" id="invite-email-error">Saisissez une adresse e-mail valide\.<\/p>/)
  t.match(details({ working: true }), /<button type="submit" class="button button--primary" disabled="">Inviter<\/button>/)
})

t.test('the invitation page: open, then each way a link stops working, and a failed join', async (t) => {
  const view = (state: InvitationView['state'], invitedBy = 'anne@plomberie.example'): InvitationView => ({
    companyName: 'Durand Plomberie',
    email: 'marc@plomberie.example',
    invitedBy,
    state
  })
  const open = render(<InvitationCard view={view('open')} joining={false} failure={null} onJoin={noop} />)
  t.match(open, /<h2 id="invitation-company">Rejoindre Durand Plomberie<\/h2>/)
  t.match(open, /anne@plomberie\.example, de Durand Plomberie, vous invite/, 'who invites is named')
  t.match(
    render(<InvitationCard view={view('open', '')} joining={false} failure={null} onJoin={noop} />),
    /<p>Durand Plomberie vous invite/,
    'the company alone once the inviter left'
  )
  t.match(open, /envoyée à <strong>marc@plomberie\.example<\/strong> : vous la rejoignez avec le compte de cette adresse\./)
  t.match(open, /<button type="button" class="button button--primary">Rejoindre Durand Plomberie<\/button>/)
  t.notMatch(open, /role="alert"/)
  t.match(render(<InvitationCard view={view('used')} joining={false} failure={null} onJoin={noop} />), /Cette invitation a déjà servi\./)
  t.match(render(<InvitationCard view={view('cancelled')} joining={false} failure={null} onJoin={noop} />), /annulée par l’entreprise\./)
  const expired = render(<InvitationCard view={view('expired')} joining={false} failure={null} onJoin={noop} />)
  t.match(expired, /Cette invitation a expiré : demandez-en une nouvelle à l’entreprise\./)
  t.notMatch(expired, /<button/, 'nothing to press on a closed link')
  const failed = render(
    <InvitationCard view={view('open')} joining failure="Cette invitation est destinée à une autre adresse." onJoin={noop} />
  )
  t.match(failed, /disabled="">Rejoindre/)
  t.match(failed, /<p class="notice notice--error" role="alert">Cette invitation est destinée à une autre adresse\.<\/p>/)
})
