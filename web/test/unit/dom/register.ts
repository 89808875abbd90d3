// A DOM for the page containers' interaction tests (happy-dom): imported FIRST by those test files
// only, so react-dom sees a browser when it loads; the other unit tests keep rendering to strings.
import { GlobalRegistrator } from '@happy-dom/global-registrator'

// The pages' requests go to the gateway on another port through Node's own fetch and its bodies
// (happy-dom's would apply the page's CORS rules to 127.0.0.1:<port>, which the browser never
// meets: the real pages are served by the gateway itself).
const NODE_NETWORK = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'AbortController',
  'AbortSignal',
  'URL',
  'URLSearchParams'
] as const
const kept = new Map(NODE_NETWORK.map((name) => [name, (globalThis as Record<string, unknown>)[name]]))

GlobalRegistrator.register({ url: 'http://127.0.0.1/', width: 1280, height: 900 })
for (const [name, value] of kept) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true })
// Outcomes are awaited by polling the DOM (findBy…, waitFor), not by wrapping updates in act().
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
