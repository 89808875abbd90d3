// The sender address's rules: what is accepted, the DNS records asked for, and how a published
// record is recognised (as a registrar publishes it: in 255-character strings, tags in any order).
import t from 'tap'
import {
  checkSenderAddress,
  dkimRecordName,
  dkimRecordValue,
  dkimSelector,
  hasDkimKey,
  hasSpfInclude,
  senderState,
  spfRecordValue
} from '../src/company-sender.js'

t.test('addresses: one of the company’s own domain, the domain in lower case', async (t) => {
  t.same(checkSenderAddress(' Devis@Durand-Plomberie.FR '), {
    ok: true,
    address: 'Devis@durand-plomberie.fr',
    domain: 'durand-plomberie.fr'
  })
  t.same(checkSenderAddress(''), { ok: false, message: 'Indiquez l’adresse d’expédition.' })
  t.match(checkSenderAddress('devis@'), { ok: false, message: /^Cette adresse e-mail n’est pas valide/ })
  t.match(
    checkSenderAddress('artisan@orange.fr'),
    { ok: false, message: /^Les adresses orange\.fr ne peuvent pas servir/ },
    'a shared mailbox domain has no DNS of the company’s'
  )
})

t.test('the records: DKIM under its selector, SPF with the operator’s include', async (t) => {
  t.equal(dkimSelector(new Date('2026-11-25T10:00:00Z')), 'paraphe202611', 'a new key a month gets a new name')
  t.equal(dkimRecordName('paraphe202611', 'durand-plomberie.fr'), 'paraphe202611._domainkey.durand-plomberie.fr')
  t.equal(dkimRecordValue('MIIBIj'), 'v=DKIM1; k=rsa; p=MIIBIj')
  t.equal(spfRecordValue('_spf.relais.example'), 'v=spf1 include:_spf.relais.example ~all')
})

t.test('a published DKIM record is recognised by its key, whatever its layout', async (t) => {
  const key = 'MIIBIjANBgkq' + 'A'.repeat(300) + 'IDAQAB'
  const value = dkimRecordValue(key)
  t.ok(hasDkimKey([[value.slice(0, 255), value.slice(255)]], key), 'split into 255-character strings')
  t.ok(hasDkimKey([[`k=rsa; p=${key.slice(0, 100)} ${key.slice(100)}; v=DKIM1`]], key), 'tags in another order, a space in the key')
  t.ok(hasDkimKey([[`p=${key}`]], key), 'v= may be left out')
  t.notOk(hasDkimKey([[dkimRecordValue(`${key}X`)]], key), 'another key')
  t.notOk(hasDkimKey([['v=DKIM2; p=' + key]], key), 'another version')
  t.notOk(hasDkimKey([], key), 'nothing published')
})

t.test('SPF: the include among the terms of the domain’s SPF record', async (t) => {
  t.ok(hasSpfInclude([['v=spf1 mx include:_spf.relais.example -all']], '_spf.relais.example'))
  t.ok(hasSpfInclude([['V=SPF1 +INCLUDE:_SPF.RELAIS.EXAMPLE ~all']], '_spf.relais.example'), 'case-insensitive, with a qualifier')
  t.notOk(hasSpfInclude([['v=spf1 include:_spf.relais.example.evil ~all']], '_spf.relais.example'), 'a longer name is another one')
  t.notOk(hasSpfInclude([['google-site-verification=include:_spf.relais.example']], '_spf.relais.example'), 'not an SPF record')
})

t.test('the state the sending follows', async (t) => {
  t.equal(senderState(false, true), 'awaiting-confirmation')
  t.equal(senderState(true, false), 'awaiting-dns')
  t.equal(senderState(true, true), 'active')
})
