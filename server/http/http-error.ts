/** The one error type routes throw: its message is shown to the person as it is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const forbidden = (message = "You do not have permission to do that") => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
