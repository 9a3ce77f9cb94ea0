/**
 * A response body the database wrote as JSON (db/client.ts, `jsonArray`), sent to the client as it is
 * (plugins/endpoint.ts): for long lists, where mapping every row to an object, checking it against the contract and
 * serialising it again cost the server's thread more than the query (a month of 200 events: 6 ms of a 12 ms request),
 * and on PGlite every value read costs. The query names its columns as the contract names the fields, so the contract
 * holds without a check per request; the contract tests check these answers against the response schema like any other.
 */
export class JsonText<T> {
  declare private readonly of: T;
  constructor(readonly text: string) {}
}
