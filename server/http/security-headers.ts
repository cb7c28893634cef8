import helmet from "helmet";

/** Helmet with a CSP that allows only our own origin (plus any extra origins, e.g. an S3 endpoint). */
export function securityHeaders(extraOrigins: string[] = []) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the upload dialog position popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...extraOrigins],
        connectSrc: ["'self'", ...extraOrigins],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The headers a header-setting middleware (helmet: the same for every reply) adds, computed once
 * so that a reply made before it runs (early-revalidation.ts) carries them too.
 */
export function fixedHeadersOf(middleware: (req: never, res: never, next: (err?: unknown) => void) => void): Record<string, string> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
  };
  let passed = false;
  middleware({} as never, res as never, (err) => {
    if (err) throw err;
    passed = true;
  });
  if (!passed) throw new Error("fixedHeadersOf: the middleware did not finish at once");
  return Object.fromEntries(headers);
}
