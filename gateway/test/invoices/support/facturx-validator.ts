// The FNFE-MPE kit (factur-x-validation/, Apache-2.0) run on many XML files at once: xmllint
// against the Factur-X EN 16931 XSD, then Saxon HE with each of the two compiled schematrons
// over the whole folder in one JVM (a JVM start costs seconds; a folder of files, one start per
// stylesheet). Every `svrl:failed-assert` is an error; warnings (`flag="warning"`) are reported
// apart, as the validator itself does.
import { execFile } from 'node:child_process'
import { mkdir, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const KIT = path.join(import.meta.dirname, '..', 'factur-x-validation')
export const XSD = path.join(KIT, '1xsd', 'Factur-X_EN16931.xsd')
export const SCHEMATRONS = {
  en16931: path.join(KIT, '2xslt', 'FACTUR-X_EN16931.xslt'),
  frenchRules: path.join(KIT, '2xslt', 'BR-FR-Flux2-Schematron-CII.xslt')
} as const
const SAXON = '/usr/share/java/Saxon-HE.jar'

export interface Assertion {
  id: string
  flag: string
  text: string
}

export interface FileReport {
  /** xmllint's complaints, empty when the file is valid against the XSD. */
  schemaErrors: string[]
  /** Failed asserts of each schematron (errors and, flagged, warnings). */
  failed: Record<keyof typeof SCHEMATRONS, Assertion[]>
}

/** `svrl:failed-assert` elements of an SVRL report, with their id, flag and text. */
export function failedAsserts(svrl: string): Assertion[] {
  const asserts: Assertion[] = []
  for (const match of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attributes = match[1] ?? ''
    const id = /\bid="([^"]*)"/.exec(attributes)?.[1] ?? ''
    const flag = /\bflag="([^"]*)"/.exec(attributes)?.[1] ?? 'fatal'
    const text = (match[2] ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    asserts.push({ id, flag, text })
  }
  return asserts
}

/** Validates every `*.xml` of `folder`; reports by file name. */
export async function validateFolder(folder: string): Promise<Map<string, FileReport>> {
  const files = (await readdir(folder)).filter((name) => name.endsWith('.xml')).sort()
  const reports = new Map<string, FileReport>()
  for (const name of files) reports.set(name, { schemaErrors: [], failed: { en16931: [], frenchRules: [] } })

  const schema = await run('xmllint', ['--noout', '--schema', XSD, ...files.map((name) => path.join(folder, name))], {
    maxBuffer: 16 * 1024 * 1024
  }).then(
    ({ stderr }) => stderr,
    (error: { stderr?: string }) => error.stderr ?? String(error)
  )
  for (const line of schema.split('\n')) {
    const name = files.find((file) => line.startsWith(path.join(folder, file)))
    if (name !== undefined && !line.endsWith(' validates')) reports.get(name)?.schemaErrors.push(line)
  }

  for (const [key, stylesheet] of Object.entries(SCHEMATRONS) as Array<[keyof typeof SCHEMATRONS, string]>) {
    const output = path.join(folder, `svrl-${key}`)
    await mkdir(output, { recursive: true })
    // One JVM for the whole folder: -s:dir applies the stylesheet to every file in it.
    await run('java', ['-jar', SAXON, `-s:${folder}`, `-xsl:${stylesheet}`, `-o:${output}`], {
      maxBuffer: 16 * 1024 * 1024,
      timeout: 180_000
    })
    for (const name of files) {
      const report = reports.get(name) as FileReport
      report.failed[key] = failedAsserts(await readFile(path.join(output, name), 'utf8'))
    }
  }
  return reports
}

/** Only the errors: failed asserts not flagged as warnings. */
export function errorsOf(report: FileReport): string[] {
  const asserts = [...report.failed.en16931, ...report.failed.frenchRules].filter(
    (assertion) => assertion.flag !== 'warning' && assertion.flag !== 'information'
  )
  return [...report.schemaErrors, ...asserts.map((assertion) => `${assertion.id} (${assertion.flag}): ${assertion.text}`)]
}
