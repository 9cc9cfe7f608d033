const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else can't name a record, so callers answer 404 without a query. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);
