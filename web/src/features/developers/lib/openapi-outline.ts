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
  if (isObject(schema.then) && isObject(schema.else)) {
    const condition = conditionOf(schema.if)
    return unionOf([
      { rows: fieldsOf(schema.then, document, prefix, depth), note: `Si ${condition}.` },
      { rows: fieldsOf(schema.else, document, prefix, depth), note: `Sinon (sans ${condition}).` }
    ])
  }
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf.map((variant) => resolve(variant, document)) : []
  // `object | null`: the object's fields, under a name that says it may be null.
  const objectVariant = variants.find((variant) => isObject(variant.properties))
  const properties = isObject(schema.properties) ? schema.properties : objectVariant?.properties
  if (!isObject(properties) || depth >= MAX_DEPTH) return []
  const required = new Set(
    Array.isArray(schema.required) ? schema.required : Array.isArray(objectVariant?.required) ? objectVariant.required : []
  )
  return Object.entries(properties).flatMap(([key, value]) => {
    const name = prefix === '' ? key : `${prefix}.${key}`
    const field = resolve(value, document)
    return [
      { name, type: typeOf(field, document), required: required.has(key), description: text(field.description) },
      ...fieldsOf(field, document, name, depth + 1)
    ]
  })
}

/** `kind = "section"`: what an `if` schema asks of the value's properties. */
function conditionOf(raw: unknown): string {
  const properties = isObject(raw) && isObject(raw.properties) ? raw.properties : {}
  // The document may carry `const: "section"` or, converted, `enum: ["section"]`.
  const valueOf = (value: unknown) =>
    !isObject(value)
      ? '…'
      : value.const !== undefined
        ? JSON.stringify(value.const)
        : Array.isArray(value.enum)
          ? value.enum.map((one) => JSON.stringify(one)).join(' | ')
          : '…'
  const parts = Object.entries(properties).map(([key, value]) => `${key} = ${valueOf(value)}`)
  return parts.length === 0 ? 'la condition' : parts.join(', ')
}

/**
 * The fields of the shapes one value may take (`if / then / else`: a quote's line of work or a
 * section heading), each once. A field of both shapes is required where both require it; a field
 * of one shape only says which, and is required as that shape has it.
 */
function unionOf(shapes: Array<{ rows: FieldRow[]; note: string }>): FieldRow[] {
  const rows = new Map<string, FieldRow>()
  for (const { rows: shapeRows, note } of shapes) {
    for (const row of shapeRows) {
      const holders = shapes.filter((shape) => shape.rows.some((other) => other.name === row.name))
      if (holders.length === shapes.length) {
        const requiredEverywhere = holders.every((shape) => shape.rows.some((other) => other.name === row.name && other.required))
        if (!rows.has(row.name)) rows.set(row.name, { ...row, required: requiredEverywhere })
      } else {
        rows.set(row.name, { ...row, description: row.description === '' ? note : `${note} ${row.description}` })
      }
    }
  }
  return [...rows.values()]
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
        return {
          name: text(parameter.name),
          location: text(parameter.in),
          type: typeOf(parameter.schema, document),
          required: parameter.required === true,
          description: text(parameter.description)
        }
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
    description: text(info.description)
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph !== ''),
    server: isObject(servers[0]) ? text(servers[0].url) : '',
    operations
  }
}

/** The page's load: the document the gateway serves, outlined; `failed` when it cannot be read. */
export async function fetchOutline(
  fetcher: typeof fetch,
  url: string,
  signal?: AbortSignal
): Promise<{ kind: 'ready'; outline: ApiOutline } | { kind: 'failed' }> {
  try {
    const response = await fetcher(url, { signal })
    if (!response.ok) return { kind: 'failed' }
    return { kind: 'ready', outline: outlineOf((await response.json()) as Json) }
  } catch {
    return { kind: 'failed' }
  }
}
