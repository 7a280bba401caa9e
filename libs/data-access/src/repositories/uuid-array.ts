const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A `uuid[]` parameter as Postgres' array text, `{id,id,…}`. `pg` serializes an array parameter
 * element by element, quoting and escaping each (a few strings per id), which uuids never need;
 * the dispatcher sends several ids per delivery. Anything but a uuid is refused here, as the cast
 * would refuse it, so no value can turn into more elements.
 */
export function uuidArray(ids: Iterable<string>): string {
  let text = '';
  for (const id of ids) {
    if (!UUID.test(id)) throw new Error(`not a uuid: ${JSON.stringify(id)}`);
    text = text === '' ? id : `${text},${id}`;
  }
  return `{${text}}`;
}
