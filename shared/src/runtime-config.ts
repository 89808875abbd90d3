// What the gateway hands the browser at run time, so that one build runs anywhere.
// The prerender writes placeholders (`%%key%%`) where these values appear in HTML; the gateway
// substitutes them when it loads the build. Only strings are substituted: anything else the
// pages render must not differ between the prerendered HTML and the hydrated page.
import { APP_SHELL } from './build-manifest.js'

export interface OperatorIdentity {
  /** Raison sociale or name of the operator of this instance. */
  name: string
  legalForm: string
  address: string
  registration: string
  email: string
  phone: string
  publicationDirector: string
  hostName: string
  hostAddress: string
}

export interface RuntimeConfig {
  siteName: string
  operator: OperatorIdentity
  /** Public Supabase anon key (a JWT meant for browsers); null when auth is not configured. */
  supabaseAnonKey: string | null
  /** How often the page asks whether a new build was deployed. */
  buildPollIntervalMs: number
  /** Whether online payment (Stripe) is configured on this instance. */
  paymentsEnabled: boolean
  /**
   * Whether the gateway serves its own accounts (no AUTH_UPSTREAM_URL): only they have what
   * Supabase Auth lacks — recovery codes, the list of open sessions.
   */
  ownAccounts: boolean
}

export const RUNTIME_CONFIG_ELEMENT_ID = 'paraphe-runtime-config'
export const RUNTIME_CONFIG_PLACEHOLDER = '%%RUNTIME_CONFIG_JSON%%'

export type TextKey = 'siteName' | `operator.${keyof OperatorIdentity}`

export const placeholder = (key: TextKey): string => `%%${key}%%`

/** The config the prerender renders with: every text value is its placeholder. */
export function placeholderRuntimeConfig(): RuntimeConfig {
  const operator = {} as Record<keyof OperatorIdentity, string>
  for (const key of OPERATOR_KEYS) operator[key] = placeholder(`operator.${key}`)
  return {
    siteName: placeholder('siteName'),
    operator,
    supabaseAnonKey: null,
    buildPollIntervalMs: APP_SHELL.defaultBuildPollIntervalMs,
    paymentsEnabled: false,
    ownAccounts: false
  }
}

export const OPERATOR_KEYS: readonly (keyof OperatorIdentity)[] = [
  'name',
  'legalForm',
  'address',
  'registration',
  'email',
  'phone',
  'publicationDirector',
  'hostName',
  'hostAddress'
]

/** Every placeholder with the value that replaces it. */
export function textValues(config: RuntimeConfig): Map<string, string> {
  const values = new Map<string, string>([[placeholder('siteName'), config.siteName]])
  for (const key of OPERATOR_KEYS) values.set(placeholder(`operator.${key}`), config.operator[key])
  return values
}
