// The OpenAPI 3.1 document of /api/v1 (gateway/src/routes/api/v1/openapi.ts) reduced to what the
// reference page prints: each operation with its parameters, its request body's fields and its
// answers' fields, flattened to dotted names (`quotes[].id`). Pure: the page fetches the document.

export interface FieldRow {
  /** `content.client.name`, `quotes[].id`; `(corps)` for a body that is not an object. */
  name: string
  type: string
  required: boolean
  description: string
}

export interface ParameterRow extends FieldRow {
  /** path, query or header. */
  location: string
}

export interface ResponseOutline {
  status: string
  contentType: string | null
  fields: FieldRow[]
}

export interface OperationOutline {
  id: string
  method: string
  path: string
  summary: string
  tag: string
  parameters: ParameterRow[]
  body: FieldRow[] | null
  responses: ResponseOutline[]
}

export interface ApiOutline {
  title: string
  /** The document's paragraphs (authentication, rate limit, idempotency, errors). */
  description: string[]
  server: string
  operations: OperationOutline[]
}

type Json = Record<string, unknown>
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
/** Deep enough for a quote's lines; deeper objects are named, not unfolded. */
const MAX_DEPTH = 5

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

function resolve(schema: unknown, document: Json): Json {
  if (!isObject(schema)) return {}
  const ref = text(schema.$ref)
  if (!ref.startsWith('#/')) return schema
  let target: unknown = document
  for (const part of ref.slice(2).split('/')) target = isObject(target) ? target[part] : undefined
  return isObject(target) ? target : {}
}

/** `string`, `integer (1 à 100)`, `"draft" | "sent"`, `string | null`, `array of object`… */
export function typeOf(raw: unknown, document: Json): string {
  const schema = resolve(raw, document)
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null
  if (variants !== null) return [...new Set(variants.map((variant) => typeOf(variant, document)))].join(' | ')
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : text(schema.type)
  if (type === 'array') return `array of ${typeOf(schema.items, document)}`
  const limits: string[] = []
  if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number') limits.push(`${schema.minimum} à ${schema.maximum}`)
  if (typeof schema.maxLength === 'number') limits.push(`${schema.maxLength} car. max.`)
  if (text(schema.format) !== '') limits.push(text(schema.format))
  const base = type === '' ? 'any' : type
  return limits.length === 0 ? base : `${base} (${limits.join(', ')})`
}

function fieldsOf(raw: unknown, document: Json, prefix: string, depth: number): FieldRow[] {
  const schema = resolve(raw, document)
  if (schema.type === 'array') return fieldsOf(schema.items, document, `${prefix}[]`, depth)
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf.map((variant) => resolve(variant, document)) : []
  // `object | null`: the object's fields, under a name that says it may be null.
  const objectVariant = variants.find((variant) => isObject(variant.properties))
  const properties = isObject(schema.properties) ? schema.properties : objectVariant?.properties
  if (!isObject(properties) || depth >= MAX_DEPTH) return []
  const required = new Set(Array.isArray(schema.required) ? schema.required : Array.isArray(objectVariant?.required) ? objectVariant.required : [])
  return Object.entries(properties).flatMap(([key, value]) => {
    const name = prefix === '' ? key : `${prefix}.${key}`
    const field = resolve(value, document)
    return [
      { name, type: typeOf(field, document), required: required.has(key), description: text(field.description) },
      ...fieldsOf(field, document, name, depth + 1)
    ]
  })
}

function contentOf(content: unknown): { contentType: string; schema: unknown } | null {
  if (!isObject(content)) return null
  const [entry] = Object.entries(content)
  return entry === undefined ? null : { contentType: entry[0], schema: isObject(entry[1]) ? entry[1].schema : undefined }
}

function bodyFields(schema: unknown, document: Json): FieldRow[] {
  const fields = fieldsOf(schema, document, '', 0)
  return fields.length > 0 ? fields : [{ name: '(corps)', type: typeOf(schema, document), required: true, description: '' }]
}

export function outlineOf(document: Json): ApiOutline {
  const info = isObject(document.info) ? document.info : {}
  const servers = Array.isArray(document.servers) ? document.servers : []
  const paths = isObject(document.paths) ? document.paths : {}
  const operations: OperationOutline[] = []
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue
    for (const method of METHODS) {
      const operation = item[method]
      if (!isObject(operation)) continue
      const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).map((raw) => {
        const parameter = resolve(raw, document)
        return { name: text(parameter.name), location: text(parameter.in), type: typeOf(parameter.schema, document), required: parameter.required === true, description: text(parameter.description) }
      })
      const requestBody = isObject(operation.requestBody) ? contentOf(operation.requestBody.content) : null
      const responses = Object.entries(isObject(operation.responses) ? operation.responses : {}).map(([status, raw]) => {
        const content = contentOf(isObject(raw) ? raw.content : undefined)
        return { status, contentType: content?.contentType ?? null, fields: content === null ? [] : bodyFields(content.schema, document) }
      })
      operations.push({
        id: `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, ''),
        method: method.toUpperCase(),
        path,
        summary: text(operation.summary),
        tag: Array.isArray(operation.tags) ? text(operation.tags[0]) : '',
        parameters,
        body: requestBody === null ? null : bodyFields(requestBody.schema, document),
        responses
      })
    }
  }
  return {
    title: text(info.title),
    description: text(info.description).split(/\n{2,}/).map((paragraph) => paragraph.trim()).filter((paragraph) => paragraph !== ''),
    server: isObject(servers[0]) ? text(servers[0].url) : '',
    operations
  }
}

/** The page's load: the document the gateway serves, outlined; `failed` when it cannot be read. */
export async function fetchOutline(fetcher: typeof fetch, url: string, signal?: AbortSignal): Promise<{ kind: 'ready'; outline: ApiOutline } | { kind: 'failed' }> {
  try {
    const response = await fetcher(url, { signal })
    if (!response.ok) return { kind: 'failed' }
    return { kind: 'ready', outline: outlineOf((await response.json()) as Json) }
  } catch {
    return { kind: 'failed' }
  }
}
