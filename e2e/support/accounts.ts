// Sign-in shortcuts through the API, for journeys that only need someone signed in. They use the
// browser context's own request client, so the session cookie lands in the browser.
import { expect } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import type { Suite } from "./suite";

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

export interface SignedInOptions {
  device?: "desktop" | "phone";
  /** Allow clipboard reads and writes (invite links are copied there). */
  clipboard?: boolean;
  /** Who signs in; the first admin when left out. */
  as?: Account;
}

/** A new browser context (its own cookies), signed in. */
export async function signedInContext(suite: Suite, { as, ...options }: SignedInOptions = {}): Promise<BrowserContext> {
  const context = await suite.context(options);
  if (as) await signIn(context, as);
  else await signInAsAdmin(context);
  return context;
}

/** A page in a new signed-in context; the context's request client makes data through the API. */
export async function signedInPage(suite: Suite, options: SignedInOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(suite, options);
  return { context, page: await context.newPage() };
}
