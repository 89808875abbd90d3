// Shared by the deployment tests: paths of the deploy files, scripts/generate-env.mjs with its
// types, and small process and HTTP helpers.
import { spawn } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
export { freePort } from '../support/free-port.js'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
export const composeFile = path.join(repoRoot, 'docker-compose.yml')
export const caddyfile = path.join(repoRoot, 'Caddyfile')
export const envExample = path.join(repoRoot, '.env.example')
export const generateEnvScript = path.join(repoRoot, 'scripts/generate-env.mjs')
export const dockerfile = path.join(repoRoot, 'deploy/Dockerfile')

export interface SetupResult {
  written: boolean
  output: string
  backup?: string | null
  generated?: string[]
  dev?: boolean
  stillEmpty?: string[]
}

/** What scripts/generate-env.mjs exports (plain JavaScript, typed here for the tests). */
export interface GenerateEnv {
  DEFAULT_TEMPLATE: string
  DEFAULT_OUTPUT: string
  KEY_LIFETIME_YEARS: number
  GENERATED: Record<string, string>
  DEV_VALUES: Record<string, string>
  randomString: (length: number, alphabet?: string) => string
  signHs256: (payload: Record<string, unknown>, secret: string) => string
  supabaseKeys: (jwtSecret: string, now?: Date) => { ANON_KEY: string; SERVICE_ROLE_KEY: string }
  generateSecrets: (now?: Date) => Record<string, string>
  parseEnv: (text: string) => Record<string, string>
  fillTemplate: (template: string, values: Record<string, string>) => string
  setupEnv: (options?: { template?: string; output?: string; force?: boolean; dev?: boolean; now?: Date }) => SetupResult
  main: (argv: string[], log?: (line: string) => void) => number
}

export async function loadGenerateEnv(): Promise<GenerateEnv> {
  // A computed specifier: the script is JavaScript without declarations.
  const specifier = pathToFileURL(generateEnvScript).href
  return (await import(specifier)) as GenerateEnv
}

/** Values a real operator would put in .env (production-like, all required ones filled). */
export const OPERATOR_VALUES: Record<string, string> = {
  SITE_ADDRESS: 'devis.example.fr',
  PUBLIC_URL: 'https://devis.example.fr',
  ACME_EMAIL: 'admin@example.fr',
  OPERATOR_NAME: 'Exemple SAS',
  OPERATOR_LEGAL_FORM: 'SAS au capital de 1 000 €',
  OPERATOR_ADDRESS: '1 rue de l’Exemple, 75001 Paris',
  OPERATOR_REGISTRATION: 'RCS Paris 000 000 000',
  OPERATOR_EMAIL: 'contact@example.fr',
  OPERATOR_PHONE: '01 23 45 67 89',
  OPERATOR_PUBLICATION_DIRECTOR: 'Prénom Nom',
  HOSTING_PROVIDER_NAME: 'Exemple Cloud SAS',
  HOSTING_PROVIDER_ADDRESS: '2 avenue de l’Exemple, 59100 Roubaix',
  SMTP_HOST: 'smtp.example.fr',
  SMTP_PORT: '587',
  SMTP_USER: 'paraphe',
  SMTP_PASS: 'not-a-real-password',
  SMTP_ADMIN_EMAIL: 'no-reply@example.fr'
}

export interface RunResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a program to completion (bounded by `timeoutMs`), collecting its output. */
export function runProgram(
  program: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {}
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: options.env ?? process.env, cwd: options.cwd ?? repoRoot, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  /** Header lines exactly as received (name, value, name, value…). */
  rawHeaders: string[]
  /** The body as sent, still encoded. */
  body: Buffer
}

/** One GET on 127.0.0.1 without any decoding or header normalisation by a client library. */
export function rawGet(port: number, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: target, headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          // Always set on a client response.
          status: response.statusCode as number,
          headers: response.headers,
          rawHeaders: response.rawHeaders,
          body: Buffer.concat(chunks)
        })
      )
    })
    request.setTimeout(10_000, () => request.destroy(new Error(`GET ${target}: timeout`)))
    request.on('error', reject)
  })
}

/** Every value of one header, as received (duplicates stay separate). */
export function headerValues(response: RawResponse, name: string): string[] {
  const values: string[] = []
  const raw = response.rawHeaders
  for (let i = 0; i < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === name) values.push(raw[i + 1] as string)
  }
  return values
}

/** A compose file without its comment lines (what compose interpolates). */
export function withoutComments(text: string): string {
  return text.replace(/^\s*#.*$/gm, '')
}

/** `${VAR}`, `${VAR:-default}`, `${VAR:?message}`… referenced by a compose file (`$$` is a literal `$`). */
export function composeVariables(text: string): Set<string> {
  const names = new Set<string>()
  for (const match of withoutComments(text)
    .replace(/\$\$/g, '')
    .matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g))
    names.add(match[1] as string)
  return names
}
