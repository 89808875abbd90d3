// Row ids are UUIDs. An id from a URL that is not one is simply an id that does not exist: it is
// answered 404 and never reaches SQL, where a cast error (or a NUL byte) would be a 500.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isRowId(value: string): boolean {
  return UUID.test(value)
}
