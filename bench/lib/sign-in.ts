import { SESSION_COOKIE } from "../../server/app.js";

/** Signs in over HTTP and returns the session cookie ("sid=...") to send with each request. */
export async function signIn(appUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!res.ok || !cookie) throw new Error(`bench sign-in failed: HTTP ${res.status}`);
  return cookie.split(";")[0];
}

/** The password of the benches' users, and a low hashing cost so that signing them in takes no time. */
export const PASSWORD = "bench password 123";
export const SCRYPT_COST = 12;
