// Sign-in shortcuts through the API, for journeys that only need someone signed in. They use the
// browser context's own request client, so the session cookie lands in the browser.
import { expect } from "vitest";
import type { BrowserContext } from "playwright-core";

export const ADMIN = { username: "alex.admin", password: "correct-horse-battery", email: "alex@example.com" } as const;
/**
 * The password every teammate in the journeys uses: the server refuses guessable passwords and
 * ones that contain the username, so one strong phrase serves them all.
 */
export const MEMBER_PASSWORD = "violet tractor in the orchard";

export interface Account {
  username: string;
  password: string;
}

/** Signs the context in as the first admin, creating it when the workspace is new. */
export async function signInAsAdmin(context: BrowserContext): Promise<Account> {
  const setup = await context.request.get("/api/needs-setup");
  const { needsSetup } = (await setup.json()) as { needsSetup: boolean };
  if (needsSetup) {
    const res = await context.request.post("/api/init-admin", { data: ADMIN });
    expect(res.status(), await res.text()).toBe(201);
  } else {
    await signIn(context, ADMIN);
  }
  return ADMIN;
}

export async function signIn(context: BrowserContext, account: Account): Promise<void> {
  const res = await context.request.post("/api/login", { data: { username: account.username, password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Creates an invitation as the signed-in admin of `admin` and registers `member` with it. */
export async function createMember(admin: BrowserContext, member: BrowserContext, account: Account & { email: string }) {
  const invite = await admin.request.post("/api/invitations", { data: { email: account.email } });
  expect(invite.status(), await invite.text()).toBe(201);
  const { inviteLink } = (await invite.json()) as { inviteLink: string };
  const token = new URL(inviteLink).searchParams.get("token");
  const res = await member.request.post("/api/register", { data: { username: account.username, password: account.password, token } });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}
