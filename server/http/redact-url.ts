// Secrets that travel in URLs must not reach the request log: invitation and
// password-reset tokens and campaign recipients' unsubscribe, click and open tokens in paths, and
// tokens, setup codes and upload signatures in query strings.
const SECRET_PATHS = [/^(\/api\/invitations\/validate\/)[^/?#]+/, /^(\/api\/password-reset\/validate\/)[^/?#]+/, /^(\/[uco]\/)[^/?#]+/];
const SECRET_PARAMS = new Set(["token", "code", "signature", "x-amz-signature", "x-amz-credential", "x-amz-security-token"]);
export const REDACTED = "[redacted]";

export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  let path = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return path;
  // Rebuilt by hand rather than with URLSearchParams, so the rest of the query reads as sent.
  const query = url
    .slice(q + 1)
    .split("&")
    .map((part) => {
      const eq = part.indexOf("=");
      const name = eq === -1 ? part : part.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : part;
    })
    .join("&");
  return `${path}?${query}`;
}
