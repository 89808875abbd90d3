// The public « is this PDF one we sealed? » check: its upload limit, enforced by the gateway
// (bodyLimit of POST /api/verify) and told by the page before sending.

/** Far above any signed quote (a few hundred kilobytes), low enough to refuse junk early. */
export const VERIFY_MAX_BYTES = 20 * 1024 * 1024
