// Why a flyer link gave no image, in words for the person who pasted it (the route picks the
// status). Fetching has its own error, SafeFetchError.
export class FlyerImageError extends Error {
  constructor(
    readonly code: "NO_IMAGE" | "UNSUPPORTED_IMAGE" | "TOO_MANY_PIXELS" | "TOO_LARGE" | "TOO_COMPLEX",
    message: string,
  ) {
    super(message);
  }
}
