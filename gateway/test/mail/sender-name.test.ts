// The From name of the e-mails to a professional's client.
import t from 'tap'
import { senderNameFor } from '../../src/mail/sender-name.js'

t.test('« Company via Site », on one line, without what would break the header, cut when long', async (t) => {
  t.equal(senderNameFor('Dupont Rénovation', 'Paraphe'), 'Dupont Rénovation via Paraphe')
  t.equal(
    senderNameFor('Plomberie "Chez Max" <SARL>\r\nBcc: x@example.com', 'Paraphe'),
    'Plomberie Chez Max SARL Bcc: x@example.com via Paraphe',
    'quotes, angle brackets and line breaks go'
  )
  t.equal(senderNameFor('  ', 'Paraphe'), null, 'no company name: the site’s own name is used')
  const long = senderNameFor('A'.repeat(100), 'Paraphe') ?? ''
  t.equal(long, `${'A'.repeat(59)}… via Paraphe`, 'a long name is cut, the site kept')
})
