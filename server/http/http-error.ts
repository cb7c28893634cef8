/** The one error type routes throw: its message is shown to the person as it is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** More of the reply's body beside the message (a 412 carries the current row). */
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const forbidden = (message = "You do not have permission to do that") => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);

/** A stale If-Match: the body says what the row is now (shared/edit-conflicts.ts), the ETag its tag. */
export const preconditionFailed = (message: string, details: Record<string, unknown>, etag: string) =>
  new HttpError(412, message, undefined, details, { ETag: etag });
