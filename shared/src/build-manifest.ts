// Shapes of the files the build writes and the gateway and the browser read.

/** `builds/latest.json`: polled by open pages to learn that a new build was deployed. */
export interface LatestBuild {
  id: string
  timestamp: number
}

/** `builds/meta/{id}.json`: what one build contains. */
export interface BuildMeta {
  id: string
  timestamp: number
  /** Routes rendered to HTML at build time; each has a `_payload.json`. */
  prerendered: string[]
}

/** `{route}/_payload.json`: a prerendered route's head and data. */
export interface RoutePayload {
  path: string
  title: string
  description: string
  data: unknown
}

export const APP_SHELL = {
  manifestPrefetchDelayMs: 1000,
  defaultBuildPollIntervalMs: 3_600_000,
  chunkReloadGuardMs: 10_000
} as const

/** `<meta name>` carrying the build id in every page. */
export const BUILD_ID_META = 'paraphe-build-id'

/** Where the prerendered page's HTML goes in the template. */
export const APP_HTML_PLACEHOLDER = '<!--app-html-->'
export const HEAD_PLACEHOLDER = '<!--app-head-->'

/** The path the 404 page is prerendered at; the gateway puts the requested path in its place. */
export const NOT_FOUND_PATH_PLACEHOLDER = '/__paraphe_not_found_path__'
