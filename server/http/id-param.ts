import { badRequest, notFound } from "./http-error.js";

// Serial ids are PostgreSQL integers: a larger number would make the query itself fail (a 500),
// yet it is well formed, so it simply names nothing.
const MAX_SERIAL = 2_147_483_647;

/** A serial id from the path: 400 when it is not a positive whole number, 404 when out of range. */
export function idParam(value: unknown, what: string): number {
  if (typeof value !== "string" || !/^[1-9][0-9]*$/.test(value)) throw badRequest(`${what} id must be a positive whole number`);
  const id = Number(value);
  if (id > MAX_SERIAL) throw notFound(`${what} not found`);
  return id;
}
