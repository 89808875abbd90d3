import type { Config } from '../config.js'

/**
 * Headers on every response. The CSP allows no inline script: the pages carry their data in
 * a JSON script (never executed) and load code only from this origin.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  const https = config.publicUrl.protocol === 'https:'
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : [])
  ].join('; ')
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Signing links carry a token in the query string: never send the URL to another site.
    'referrer-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin'
  }
  if (https) headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains'
  return headers
}
