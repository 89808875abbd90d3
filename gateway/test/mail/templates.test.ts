// What recipients read: the shared layout (text and HTML from the same blocks, everything
// escaped), the operator's contact e-mail, and when a failed e-mail is tried again.
import t from 'tap'
import { renderEmailLayout } from '../../src/mail/templates/layout.js'
import { formatDateTime } from '@paraphe/shared/dates'
import { contactMessageEmail } from '../../src/mail/templates/contact-message.js'
import { RETRY_MAX_MS, retryDelayMs } from '../../src/queue/retry-delay.js'

const SITE = { siteName: 'Paraphe', siteUrl: 'https://devis.example.fr/' }

t.test('the layout: same content in text and HTML, every value escaped', async (t) => {
  const { text, html } = renderEmailLayout({
    ...SITE,
    heading: 'Devis <DEV-2026-0001> à signer',
    blocks: [
      { type: 'paragraph', text: 'Bonjour Inès & Marc,\nvoici votre devis.' },
      {
        type: 'facts',
        rows: [
          { label: 'Montant TTC', value: '1 234,56 €' },
          { label: 'Adresse', value: '1 rue Haute\n75001 Paris' }
        ]
      },
      { type: 'quote', text: 'Merci <script>alert(1)</script>\n\nÀ bientôt' },
      { type: 'action', label: 'Lire et signer le devis', url: 'https://devis.example.fr/SignatureDevis?token=a&b=c' },
      { type: 'note', text: 'Ce lien expire le 21 novembre 2026.' }
    ],
    footer: 'Vous recevez cet e-mail parce qu’un professionnel vous a envoyé un devis.'
  })

  t.equal(
    text,
    [
      'Devis <DEV-2026-0001> à signer',
      '',
      'Bonjour Inès & Marc,\nvoici votre devis.',
      '',
      'Montant TTC\u202f: 1 234,56 €\nAdresse\u202f: 1 rue Haute\n  75001 Paris',
      '',
      '> Merci <script>alert(1)</script>\n>\n> À bientôt',
      '',
      'Lire et signer le devis\u202f:\nhttps://devis.example.fr/SignatureDevis?token=a&b=c',
      '',
      'Ce lien expire le 21 novembre 2026.',
      '',
      '-- ',
      'Vous recevez cet e-mail parce qu’un professionnel vous a envoyé un devis.',
      'Paraphe · https://devis.example.fr/',
      ''
    ].join('\n'),
    'the text version, quoted lines marked'
  )
  t.match(html, '<html lang="fr">')
  t.match(html, '<title>Devis &lt;DEV-2026-0001&gt; à signer</title>')
  t.match(html, '>Devis &lt;DEV-2026-0001&gt; à signer</h1>')
  t.match(html, 'Bonjour Inès &amp; Marc,<br>voici votre devis.')
  t.match(html, '1 rue Haute<br>75001 Paris</td>')
  t.match(html, 'Merci &lt;script&gt;alert(1)&lt;/script&gt;<br><br>À bientôt</blockquote>')
  t.notMatch(html, '<script>', 'no markup from the values')
  t.match(html, 'href="https://devis.example.fr/SignatureDevis?token=a&amp;b=c"', 'the link, escaped for the attribute')
  t.match(html, '>Lire et signer le devis</a>')
  t.match(html, '<a href="https://devis.example.fr/" style="color:#52606d">Paraphe</a>', 'the footer links to the site')
  t.match(html, 'un professionnel vous a envoyé un devis.<br>')
})

t.test('only web links become buttons', async (t) => {
  const withLink = (url: string) => () => renderEmailLayout({ ...SITE, heading: 'x', blocks: [{ type: 'action', label: 'Ouvrir', url }] })
  t.throws(withLink('javascript:alert(1)'), /must be http\(s\)/)
  t.throws(withLink('data:text/html,<p>'), /must be http\(s\)/)
  t.doesNotThrow(withLink('http://127.0.0.1:3000/SignatureDevis?token=x'))
  const bare = renderEmailLayout({ ...SITE, heading: 'Sans pied de page', blocks: [] })
  t.equal(bare.text, 'Sans pied de page\n\n-- \nParaphe · https://devis.example.fr/\n')
})

t.test('the contact e-mail to the operator: who wrote, how to answer, their message apart', async (t) => {
  const receivedAt = new Date('2026-11-21T13:05:00Z')
  const full = contactMessageEmail(
    {
      name: 'Inès Martin',
      email: 'ines@example.fr',
      company: 'Martin & Fils',
      phone: '06 12 34 56 78',
      subject: 'Abonnement et facturation',
      message: 'Bonjour,\nJe voudrais passer à l’offre Pro.\n<b>Merci</b>'
    },
    SITE,
    receivedAt
  )
  t.equal(full.subject, '[Paraphe] Abonnement et facturation — Inès Martin')
  t.match(full.text, 'Inès Martin vous a écrit depuis le formulaire de contact du site.')
  t.match(full.text, 'Entreprise\u202f: Martin & Fils\nTéléphone\u202f: 06 12 34 56 78\nSujet\u202f: Abonnement et facturation')
  t.match(full.text, 'Reçu le\u202f: 21 novembre 2026 à 14:05 (heure de Paris)')
  t.match(full.text, '> Bonjour,\n> Je voudrais passer à l’offre Pro.\n> <b>Merci</b>')
  t.match(full.text, 'votre réponse partira vers ines@example.fr.')
  t.match(full.html, 'Martin &amp; Fils')
  t.match(full.html, '&lt;b&gt;Merci&lt;/b&gt;</blockquote>')

  const minimal = contactMessageEmail(
    { name: 'Léa\nBcc: x@y.z', email: 'lea@example.fr', company: '', phone: '', subject: 'Autre demande', message: 'Une question.' },
    SITE,
    new Date('2026-07-14T08:00:00Z')
  )
  t.equal(minimal.subject, '[Paraphe] Autre demande — Léa Bcc: x@y.z', 'one header line')
  t.notMatch(minimal.text, /Entreprise|Téléphone/, 'empty optional fields are left out')
  t.match(minimal.text, '14 juillet 2026 à 10:00', 'summer time in Paris')
  t.equal(formatDateTime(new Date('2026-03-29T00:30:00Z')), '29 mars 2026 à 01:30')
})

t.test('retries back off from 30 s to one hour, with jitter', async (t) => {
  t.equal(
    retryDelayMs(1, () => 0.5),
    30_000
  )
  t.equal(
    retryDelayMs(2, () => 0.5),
    60_000
  )
  t.equal(
    retryDelayMs(5, () => 0.5),
    480_000
  )
  t.equal(
    retryDelayMs(1, () => 0),
    24_000,
    '−20 %'
  )
  t.equal(
    retryDelayMs(1, () => 0.999_999),
    36_000,
    '+20 %'
  )
  t.equal(
    retryDelayMs(8, () => 0.5),
    RETRY_MAX_MS,
    'capped at one hour'
  )
  t.equal(
    retryDelayMs(40, () => 1),
    RETRY_MAX_MS,
    'never above, even with jitter'
  )
  t.equal(
    retryDelayMs(0, () => 0.5),
    30_000,
    'no attempt counted yet: the base delay'
  )
  const spread = new Set(Array.from({ length: 20 }, () => retryDelayMs(3)))
  t.ok(spread.size > 1, 'two messages failing together are not retried together')
  for (const delay of spread) t.ok(delay >= 96_000 && delay <= 144_000)
})
