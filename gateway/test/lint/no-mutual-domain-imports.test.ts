// The lint rule that keeps two domain folders of the gateway from importing each other
// (scripts/eslint-rules/no-mutual-domain-imports.js), run by ESLint itself on a small tree of
// folders written for each case: what `npm run lint` prints to whoever adds such an import.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import t, { type Test } from 'tap'
import { ESLint, type Rule } from 'eslint'

const rulePath = path.resolve('scripts/eslint-rules/no-mutual-domain-imports.js')
const DOMAINS = ['quotes', 'clients', 'mail']

/** Lints the files of `tree` (paths under src/) with the rule; one line per problem. */
async function lint(t: Test, tree: Record<string, string>): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mutual-imports-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  for (const [name, text] of Object.entries(tree)) {
    await mkdir(path.dirname(path.join(dir, 'src', name)), { recursive: true })
    await writeFile(path.join(dir, 'src', name), text)
  }
  const rule = ((await import(pathToFileURL(rulePath).href)) as { default: Rule.RuleModule }).default
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['src/**/*.js'],
        plugins: { paraphe: { rules: { 'no-mutual-domain-imports': rule } } },
        rules: { 'paraphe/no-mutual-domain-imports': ['error', { root: 'src', domains: DOMAINS }] }
      }
    ]
  })
  const results = await eslint.lintFiles(['src/**/*.js'])
  return results
    .flatMap((result) => result.messages.map((message) => `${path.relative(dir, result.filePath)}:${message.line} ${message.message}`))
    .sort()
}

t.test('two folders importing each other: both imports reported, in French, with the way out', async (t) => {
  const problems = await lint(t, {
    'quotes/send.js': "import { findClient } from '../clients/find.js'\nexport const send = () => findClient()\n",
    'quotes/rows.js': 'export const rows = []\n',
    'clients/find.js': "export const findClient = () => null\nexport { rows } from '../quotes/rows.js'\n"
  })
  t.same(problems, [
    'src/clients/find.js:2 clients/ importe quotes/, qui importe clients/ en retour : ce dont les deux ont besoin va dans un dossier en dessous, ou l’appelant le passe en paramètre.',
    'src/quotes/send.js:1 quotes/ importe clients/, qui importe quotes/ en retour : ce dont les deux ont besoin va dans un dossier en dessous, ou l’appelant le passe en paramètre.'
  ])
})

t.test('a lazy import() counts as an import', async (t) => {
  const problems = await lint(t, {
    'quotes/send.js': "export const send = () => import('../mail/outbox.js')\n",
    'mail/outbox.js': "import { rows } from '../quotes/rows.js'\nexport const outbox = rows\n",
    'quotes/rows.js': 'export const rows = []\n'
  })
  t.equal(problems.length, 2)
  t.match(problems[0], /^src\/mail\/outbox\.js:1 mail\/ importe quotes\//)
  t.match(problems[1], /^src\/quotes\/send\.js:1 quotes\/ importe mail\//)
})

t.test('one-way imports, imports within a folder, packages and files outside the domains pass', async (t) => {
  const problems = await lint(t, {
    'quotes/send.js':
      "import { findClient } from '../clients/find.js'\nimport { rows } from './rows.js'\nimport path from 'node:path'\nexport const send = () => [findClient(), rows, path.sep]\n",
    // A file above the source root (none is a domain) counts for nothing.
    'quotes/rows.js':
      "import { outbox } from '../mail/outbox.js'\nimport { setting } from '../../config.js'\nexport const rows = [outbox, setting]\n",
    'clients/find.js': "import { outbox } from '../mail/outbox.js'\nexport const findClient = () => outbox\n",
    'mail/outbox.js': 'export const outbox = []\n',
    // The routes (not a domain) import every domain, and every domain could import… nothing of them.
    'routes/quotes.js': "import { send } from '../quotes/send.js'\nexport const route = send\n",
    'app.js': "import { route } from './routes/quotes.js'\nexport const app = route\n"
  })
  t.same(problems, [])
})

t.test('a cycle through three folders is reported at each of its imports, with the way back', async (t) => {
  const problems = await lint(t, {
    'quotes/send.js': "import { findClient } from '../clients/find.js'\nexport const send = () => findClient()\n",
    'clients/find.js': "import { outbox } from '../mail/outbox.js'\nexport const findClient = () => outbox\n",
    'mail/outbox.js': "import { rows } from '../quotes/rows.js'\nexport const outbox = rows\n",
    'quotes/rows.js': 'export const rows = []\n'
  })
  t.equal(problems.length, 3, problems.join('\n'))
  t.match(problems[0], /^src\/clients\/find\.js:1 clients\/ importe mail\/, qui revient à clients\/ par mail\/ → quotes\/ → clients\//)
  t.match(problems[1], /^src\/mail\/outbox\.js:1 mail\/ importe quotes\/, qui revient à mail\/ par quotes\/ → clients\/ → mail\//)
  t.match(problems[2], /^src\/quotes\/send\.js:1 quotes\/ importe clients\/, qui revient à quotes\/ par clients\/ → mail\/ → quotes\//)
})

t.test('a chain without a way back is fine', async (t) => {
  const problems = await lint(t, {
    'quotes/send.js': "import { findClient } from '../clients/find.js'\nexport const send = () => findClient()\n",
    'clients/find.js': "import { outbox } from '../mail/outbox.js'\nexport const findClient = () => outbox\n",
    'mail/outbox.js': 'export const outbox = []\n'
  })
  t.same(problems, [])
})
