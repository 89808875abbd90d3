// IBAN and BIC as the profile checks them: the ISO 13616 mod-97 key, the country's length,
// French messages that say what to fix.
import t from 'tap'
import { bankDetailsProblems, bicProblem, formatIban, ibanProblem, normaliseIban } from '../src/bank-details.js'
import { mediatorUrlProblem } from '../src/company.js'

t.test('valid IBANs pass, typed in any spacing or case', async (t) => {
  for (const iban of [
    'FR76 3000 6000 0112 3456 7890 189',
    'fr7630006000011234567890189',
    'DE89 3704 0044 0532 0130 00',
    'BE68 5390 0754 7034',
    'GB82 WEST 1234 5698 7654 32',
    'CH93 0076 2011 6238 5295 7'
  ]) {
    t.equal(ibanProblem(iban), null, iban)
  }
  t.equal(normaliseIban(' fr76-3000 6000\u00a00112 3456 7890 189 '), 'FR7630006000011234567890189')
  t.equal(formatIban('FR7630006000011234567890189'), 'FR76 3000 6000 0112 3456 7890 189')
})

t.test('a wrong key, length or shape is refused with a French message', async (t) => {
  t.match(ibanProblem('FR76 3000 6000 0112 3456 7890 188'), /clé de contrôle incorrecte/, 'one digit changed')
  t.match(ibanProblem('FR77 3000 6000 0112 3456 7890 189'), /clé de contrôle incorrecte/, 'the key changed')
  t.match(ibanProblem('FR76 3000 6000 0112 3456 7890 18'), /Un IBAN FR compte 27 caractères \(vous en avez saisi 26\)/)
  t.match(ibanProblem('3000 6000 0112 3456 7890 189'), /commence par 2 lettres/)
  t.match(ibanProblem('XX12 3456'), /de 15 à 34 caractères/)
})

t.test('BIC: 8 or 11 characters in the ISO 9362 shape; both or neither with the IBAN', async (t) => {
  t.equal(bicProblem('AGRIFRPP'), null)
  t.equal(bicProblem('bnpa fr pp xxx'), null)
  t.match(bicProblem('AGRIFRP'), /8 ou 11 caractères/)
  t.same(bankDetailsProblems('', ''), {})
  t.same(Object.keys(bankDetailsProblems('FR7630006000011234567890189', '')), ['bic'])
  t.same(Object.keys(bankDetailsProblems('', 'AGRIFRPP')), ['iban'])
})

t.test('the mediator’s site is a web address', async (t) => {
  t.equal(mediatorUrlProblem(''), null)
  t.equal(mediatorUrlProblem('https://www.mediateur-conso.fr'), null)
  t.match(mediatorUrlProblem('mediateur-conso'), /adresse complète du site/)
  t.match(mediatorUrlProblem('javascript:alert(1)'), /adresse complète du site/)
})
