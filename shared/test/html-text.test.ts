import t from 'tap'
import { escapeHtml, jsonForScript, substitute } from '../src/html-text.js'
import { placeholderRuntimeConfig, textValues } from '../src/runtime-config.js'

t.test('escaping for HTML text, attributes and JSON scripts', async (t) => {
  t.equal(escapeHtml(`<a href="x">l'été & co</a>`), '&lt;a href=&quot;x&quot;&gt;l&#39;été &amp; co&lt;/a&gt;')
  const json = jsonForScript({ name: '</script><script>alert(1)</script>', line: '\u2028' })
  t.notMatch(json, /<\/script>/)
  t.same(JSON.parse(json), { name: '</script><script>alert(1)</script>', line: '\u2028' })
})

t.test('substitution is one pass: a value is never re-substituted', async (t) => {
  const values = new Map([
    ['%%a%%', '%%b%%'],
    ['%%b%%', 'B']
  ])
  t.equal(substitute('x %%a%% %%b%% %%c%%', values), 'x %%b%% B %%c%%')
  t.equal(substitute('rien', new Map()), 'rien')
})

t.test('the prerender config uses a placeholder for every text value', async (t) => {
  const config = placeholderRuntimeConfig()
  const values = textValues(config)
  t.equal(values.get('%%siteName%%'), '%%siteName%%')
  t.equal(values.get('%%operator.email%%'), '%%operator.email%%')
  t.equal(values.size, 10)
})
