// The event stream ends with the session: at
// logout in another tab, and when an admin deactivates the user in another browser. The server
// ends the open stream, the browser's reconnect is refused, and the screen ends on the sign-in
// page with the reason. The page's EventSources are recorded by an init script; the page's own
// polls are held while the stream's end is checked, so it is the stream that is seen to end.
import type { BrowserContext, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember, MEMBER_PASSWORD, signInAsAdmin, type Account } from "./support/accounts";
import { CLOSED, OPEN, recordEventSources, streams } from "./support/event-sources";
import { expectPath, useSuite, type Suite } from "./support/suite";
import { eventually, toast } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";

/** Holds the page's notification polls (each would notice the ended session too) until released. */
async function holdPolls(page: Page) {
  const held: Route[] = [];
  const pattern = /\/api\/notifications$/;
  await page.route(pattern, (route) => void held.push(route));
  return async () => {
    await page.unroute(pattern);
    for (const route of held) await route.continue();
  };
}

/** A context for `account`, whose pages record their EventSources. */
async function recordingContext(suite: Suite, admin: BrowserContext, account: Account & { email: string }): Promise<BrowserContext> {
  const context = await suite.context();
  await context.addInitScript(recordEventSources);
  await createMember(admin, context, account);
  return context;
}

async function workspacePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
  await eventually(async () => (await streams(page)).some((s) => s.readyState === OPEN)).toBe(true);
  return page;
}

/** The server ended the page's stream and refused its reconnect: none is open, the first one ended by the server. */
async function expectStreamEndedByServer(page: Page) {
  await eventually(async () => (await streams(page))[0]?.endedByServer).toBe(true);
  await eventually(async () => (await streams(page)).every((s) => s.readyState !== OPEN)).toBe(true);
}

async function expectSentToSignIn(page: Page) {
  await toast(page, "Your session has ended").waitFor();
  await expectPath(page, "/auth");
  await page.getByRole("heading", { name: "Sign in" }).waitFor();
  // Signed out, the app keeps no stream and tries no more.
  await eventually(async () => (await streams(page)).every((s) => s.readyState === CLOSED)).toBe(true);
}

describe("the event stream ends with the session", () => {
  const suite = useSuite();

  it("at logout in another tab, and a stream cannot be opened again with that session", async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    const account = { username: "lee.logout", password: MEMBER_PASSWORD, email: "lee.logout@example.com" };
    const context = await recordingContext(suite, admin, account);
    const page = await workspacePage(context);
    const cookie = (await context.cookies()).find((c) => c.name === "sid")!;
    const release = await holdPolls(page);

    const other = await workspacePage(context);
    await other
      .getByTestId("desktop-sidebar")
      .getByRole("button", { name: new RegExp(`^${account.username} .*account menu$`) })
      .click();
    await other.getByRole("menuitem", { name: "Logout" }).click();
    await expectPath(other, "/auth");
    await eventually(async () => (await streams(other)).every((s) => s.readyState === CLOSED)).toBe(true);

    await expectStreamEndedByServer(page);
    const again = await fetch(`${suite.baseURL}/api/events`, { headers: { accept: "text/event-stream", cookie: `${cookie.name}=${cookie.value}` } });
    expect(again.status).toBe(401);
    await release();
    await expectSentToSignIn(page);
  });

  it("when an admin deactivates the user in another browser; their screen ends at sign-in", async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    const account = { username: "dee.deactivated", password: MEMBER_PASSWORD, email: "dee@example.com" };
    const context = await recordingContext(suite, admin, account);
    const page = await workspacePage(context);
    const release = await holdPolls(page);

    const members = (await (await admin.request.get("/api/team/members")).json()) as { id: number; username: string }[];
    const member = members.find((m) => m.username === account.username)!;
    const res = await admin.request.patch(`/api/team/members/${member.id}`, { data: { isActive: false } });
    expect(res.status(), await res.text()).toBe(200);

    await expectStreamEndedByServer(page);
    await release();
    await expectSentToSignIn(page);
  });
});
