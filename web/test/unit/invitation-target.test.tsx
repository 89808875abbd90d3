// Sign-in and sign-up on the way to an invitation: the target recognised (and nothing else), the
// invitation page asked to join on arrival, and the intro above the forms naming who invites, to
// which company and at which address, or why the link no longer works. The journey itself runs
// in Chromium (web/test/browser/team-joining.test.ts).
import t from 'tap'
import { renderToStaticMarkup } from 'react-dom/server'
import { InvitationIntro, invitationSentence } from '@/features/auth/components/invitation-intro'
import type { InvitationView } from '@/features/auth/api/invitation-preview'
import { invitationTokenOf, joiningTarget } from '@/features/auth/lib/invitation-target'

const TOKEN = 'a'.repeat(43)

t.test('an invitation target is recognised, any other target is left alone', async (t) => {
  t.equal(invitationTokenOf(`/espace/invitation?token=${TOKEN}`), TOKEN)
  t.equal(invitationTokenOf(`/espace/invitation/?token=${TOKEN}&rejoindre=1`), TOKEN)
  t.equal(invitationTokenOf('/espace/invitation'), null, 'no token: nothing to join')
  t.equal(invitationTokenOf('/espace/invitation?token='), null)
  t.equal(invitationTokenOf('/espace/abonnement?plan=pro'), null)
  t.equal(invitationTokenOf(undefined), null)
  t.equal(joiningTarget(`/espace/invitation?token=${TOKEN}`), `/espace/invitation?token=${TOKEN}&rejoindre=1`)
  t.equal(joiningTarget(`/espace/invitation?token=${TOKEN}&rejoindre=1`), `/espace/invitation?token=${TOKEN}&rejoindre=1`, 'never twice')
  t.equal(joiningTarget('/espace/abonnement?plan=pro'), '/espace/abonnement?plan=pro')
})

t.test('the intro names who invites, the company and the invited address', async (t) => {
  const view = (state: InvitationView['state'], invitedBy = 'anne@plomberie.example'): InvitationView => ({
    companyName: 'Durand Plomberie',
    email: 'marc@plomberie.example',
    invitedBy,
    state
  })
  t.equal(invitationSentence(view('open')), 'anne@plomberie.example vous invite à rejoindre Durand Plomberie')
  t.equal(invitationSentence(view('open', '')), 'Durand Plomberie vous invite à rejoindre son équipe')
  const open = renderToStaticMarkup(<InvitationIntro view={view('open')} />)
  t.match(open, /<h2 id="invitation-intro-title">Invitation de Durand Plomberie<\/h2>/)
  t.match(open, /envoyée à <strong class="invitation-intro__email">marc@plomberie\.example<\/strong>/)
  t.match(renderToStaticMarkup(<InvitationIntro view={view('used')} />), /Cette invitation a déjà servi\./)
  t.match(renderToStaticMarkup(<InvitationIntro view={view('cancelled')} />), /annulée par l’entreprise/)
  t.match(renderToStaticMarkup(<InvitationIntro view={view('expired')} />), /a expiré/)
})
