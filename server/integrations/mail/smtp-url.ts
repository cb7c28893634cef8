// SMTP_URL's rules, checked once at start (server/env.ts): smtp:// or smtps://, a host, and the
// credentials to sign in with. The message never repeats the password.
export function smtpUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be a URL like smtps://user:password@mail.example.com:465";
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return "must start with smtp:// or smtps://";
  if (!url.hostname) return "must name the mail server's host";
  if (!url.username || !url.password) return "must carry the user name and password to sign in with (smtps://user:password@host)";
  return null;
}

/** An address, or a name and an address, for the From header: `Listing Desk <desk@example.com>`. */
export function mailFromProblem(value: string): string | null {
  if (/[\r\n]/.test(value)) return "must be one line";
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address.trim()) ? null : "must be an email address, optionally with a name: Listing Desk <desk@example.com>";
}
