// Team collaboration: notes with @mentions, the notifications bell, and the wishlist.
import type { Locator, Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createMember, MEMBER_PASSWORD, signedInContext, signInAsAdmin } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { addNote, createListing, uniqueToken } from "./support/listings";
import { expectPath, screenshot, settledBox, useSuite } from "./support/suite";
import { card as listingCard, searchListings, toast } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";

const SAM = { username: "sam.taylor", password: MEMBER_PASSWORD, email: "sam@example.com" };
const ROBIN = { username: "robin", password: MEMBER_PASSWORD, email: "robin@example.com" };
const ROBERT = { username: "robert", password: MEMBER_PASSWORD, email: "robert@example.com" };
const CASEY = { username: "casey", password: MEMBER_PASSWORD, email: "casey@example.com" };
// Nobody ever mentions Drew.
const DREW = { username: "drew", password: MEMBER_PASSWORD, email: "drew@example.com" };

const NOTE_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/;
const NOTIFICATION_TIME = /^[A-Z][a-z]{2} \d{1,2} at \d{1,2}:\d{2} (AM|PM)$/;

const notesDialog = (page: Page) => page.getByTestId("notes-dialog");
const notes = (page: Page) => notesDialog(page).getByTestId("note");
const noteWith = (page: Page, text: string) => notes(page).filter({ hasText: text });
const picker = (page: Page) => page.getByTestId("mention-picker");
const bell = (page: Page) => page.getByTestId("desktop-sidebar").getByRole("button", { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" });
const wishCard = (page: Page, title: string) =>
  page.getByTestId("wish").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function openListingCard(page: Page, token: string, name: string): Promise<Locator> {
  await page.goto("/");
  await searchListings(page, token);
  const card = listingCard(page, name);
  await card.waitFor();
  return card;
}

interface Poll {
  /** The browser revalidated with the ETag of the list it holds. */
  conditional: boolean;
  /** Bytes of body on the wire: 0 for a 304 (Playwright reports the cache-merged 200). */
  bodyBytes: number;
}

/** Every GET /api/notifications the page makes, as it went over the network. */
function recordNotificationPolls(page: Page): Poll[] {
  const polls: Poll[] = [];
  page.on("requestfinished", async (request: Request) => {
    if (new URL(request.url()).pathname !== "/api/notifications" || request.method() !== "GET") return;
    const headers = await request.allHeaders();
    const sizes = await request.sizes();
    polls.push({ conditional: Boolean(headers["if-none-match"]), bodyBytes: sizes.responseBodySize });
  });
  return polls;
}

describe("team collaboration", () => {
  const suite = useSuite();

  beforeAll(async () => {
    const admin = await suite.context();
    await signInAsAdmin(admin);
    for (const account of [SAM, ROBIN, ROBERT, CASEY, DREW]) await createMember(admin, await suite.context(), account);
  });

  it("mentions a teammate through the picker; they see the badge, open it and land on the highlighted note", async () => {
    const author = await signedInContext(suite, { as: SAM });
    const token = uniqueToken("men");
    const name = `${token} Harbor Plaza`;
    const listing = await createListing(author, { listingName: name });

    // Robin is already looking at the app when the note is written.
    const reader = await signedInContext(suite, { as: ROBIN });
    const readerPage = await reader.newPage();
    const polls = recordNotificationPolls(readerPage);
    await readerPage.goto("/wishlist");
    await readerPage.getByRole("heading", { name: "Wishlist for App", level: 1 }).waitFor();
    expect(await bell(readerPage).getByTestId("notification-badge").count()).toBe(0);

    const page = await author.newPage();
    const card = await openListingCard(page, token, name);
    await card.getByRole("button", { name: "Add Note" }).click();
    const dialog = notesDialog(page);
    await dialog.getByRole("heading", { name: "Notes" }).waitFor();
    await dialog.getByText(name).waitFor();
    const textarea = dialog.getByLabel("New note");
    const addButton = dialog.getByRole("button", { name: "Add Note" });
    expect(await addButton.isDisabled()).toBe(true);

    // "@" at the start of a word opens the picker with everyone but the author.
    await textarea.pressSequentially("Please call @");
    await picker(page).waitFor();
    expect(await textarea.getAttribute("aria-expanded")).toBe("true");
    expect(await picker(page).getByRole("option").allTextContents()).toEqual(["AA" + ADMIN.username, "CAcasey", "DRdrew", "ROrobert", "ROrobin"]);
    await screenshot(page, "notes-mention-picker-desktop");

    // Escape closes the picker, not the dialog.
    await page.keyboard.press("Escape");
    await picker(page).waitFor({ state: "detached" });
    expect(await textarea.getAttribute("aria-expanded")).toBe("false");
    expect(await dialog.isVisible()).toBe(true);

    // A fresh "@" filters by substring, ignoring case; arrows move, Enter picks.
    await page.keyboard.press("Backspace");
    await textarea.pressSequentially("@RO");
    await expect.poll(() => picker(page).getByRole("option").count()).toBe(2);
    const options = picker(page).getByRole("option");
    const activeOption = async () => {
      const id = await textarea.getAttribute("aria-activedescendant");
      return page.locator(`[id="${id}"]`).textContent();
    };
    expect(await activeOption()).toBe("ROrobert");
    await page.keyboard.press("ArrowDown");
    expect(await activeOption()).toBe("ROrobin");
    expect(await options.nth(1).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowDown");
    expect(await activeOption()).toBe("ROrobert");
    await page.keyboard.press("ArrowUp");
    expect(await activeOption()).toBe("ROrobin");
    await page.keyboard.press("Enter");
    await picker(page).waitFor({ state: "detached" });
    expect(await textarea.inputValue()).toBe("Please call @robin ");

    await textarea.pressSequentially("about the lease.");
    await addButton.click();
    await toast(page, "Success!").waitFor();
    const note = noteWith(page, "about the lease.");
    await note.waitFor();
    expect(await note.locator("[data-mention]").allTextContents()).toEqual(["@robin"]);
    expect(await note.getByTestId("note-time").textContent()).toMatch(NOTE_TIME);
    await screenshot(page, "notes-dialog-after-add-desktop");

    // The reader's bell picks the mention up on its next poll (every 5 s).
    const badge = bell(readerPage).getByTestId("notification-badge");
    await badge.waitFor({ timeout: 8_000 });
    expect(await badge.textContent()).toBe("1");
    expect(await bell(readerPage).getAttribute("aria-label")).toBe("Notifications, 1 unread");

    await bell(readerPage).click();
    const entry = panel(readerPage).getByTestId("notification-item").first();
    await entry.waitFor();
    expect(await entry.getAttribute("data-unread")).toBe("true");
    expect(await entry.textContent()).toContain(`${SAM.username} mentioned you in a note on ${name}`);
    expect(await entry.locator("time").textContent()).toMatch(NOTIFICATION_TIME);
    expect(await seriousViolations(readerPage, '[role="dialog"]')).toEqual([]);
    await screenshot(readerPage, "notifications-panel-desktop");

    await entry.click();
    await panel(readerPage).waitFor({ state: "detached" });
    const highlighted = notesDialog(readerPage).locator('[data-highlighted="true"]');
    await highlighted.waitFor();
    expect(await highlighted.textContent()).toContain("about the lease.");
    await screenshot(readerPage, "notes-highlighted-desktop");
    // The address is tidied back to the page itself, the dialog stays.
    await expectPath(readerPage, "/");
    expect(new URL(readerPage.url()).search).toBe("");
    // Someone else's note offers neither edit nor delete.
    const readerNote = noteWith(readerPage, "about the lease.");
    expect(await readerNote.getByRole("button", { name: "Edit note" }).count()).toBe(0);
    expect(await readerNote.getByRole("button", { name: "Delete note" }).count()).toBe(0);
    // The highlight lasts 3 seconds.
    await highlighted.waitFor({ state: "detached", timeout: 5_000 });
    await bell(readerPage).getByTestId("notification-badge").waitFor({ state: "detached" });

    // An unchanged list costs a bodiless 304: the browser revalidates each poll with the ETag.
    // Nothing changes from here on, so the next poll or two (every 5 s) must be such a 304.
    await expect
      .poll(() => polls.filter((p) => p.conditional && p.bodyBytes === 0).length, { timeout: TIMEOUT.appTimers, interval: 500 })
      .toBeGreaterThan(0);

    // An inactive listing's notification leads to Not In Use.
    await author.request.post(`/api/listings/${listing.id}/toggle`);
    await addNote(author, listing.id, "@robin it is off the market now");
    await readerPage.keyboard.press("Escape");
    await bell(readerPage).getByTestId("notification-badge").waitFor({ timeout: 8_000 });
    await bell(readerPage).click();
    await panel(readerPage).getByTestId("notification-item").first().click();
    await noteWith(readerPage, "off the market now").and(readerPage.locator('[data-highlighted="true"]')).waitFor();
    await expectPath(readerPage, "/not-in-use");
  });

  it("offers edit and delete only on your own notes, refuses blank text and confirms deletes", async () => {
    const context = await signedInContext(suite, { as: SAM });
    const robin = await signedInContext(suite, { as: ROBIN });
    const token = uniqueToken("own");
    const name = `${token} Mill Street`;
    const listing = await createListing(context, { listingName: name });
    await addNote(robin, listing.id, "Robin's note about parking");
    await addNote(context, listing.id, "Sam's first draft");

    const page = await context.newPage();
    const card = await openListingCard(page, token, name);
    await card.getByRole("button", { name: /^View Notes/ }).click();
    const theirs = noteWith(page, "Robin's note about parking");
    const mine = noteWith(page, "Sam's first draft");
    await mine.waitFor();
    expect(await theirs.getByRole("button", { name: "Edit note" }).count()).toBe(0);
    expect(await theirs.getByRole("button", { name: "Delete note" }).count()).toBe(0);
    expect(await theirs.getByTestId("note-author").textContent()).toBe(ROBIN.username);

    // Editing: blank text cannot be saved; Enter picks the only match.
    await mine.getByRole("button", { name: "Edit note" }).click();
    const editForm = notesDialog(page).getByTestId("note-form");
    const editor = editForm.getByLabel("Edit note");
    expect(await editor.inputValue()).toBe("Sam's first draft");
    await editor.fill("   ");
    expect(await editForm.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await editor.fill("");
    await editor.pressSequentially("Final: ask @robe");
    await expect.poll(() => picker(page).getByRole("option").allTextContents()).toEqual(["ROrobert"]);
    await screenshot(page, "notes-edit-desktop");
    await page.keyboard.press("Enter");
    await editor.pressSequentially("to sign");
    expect(await editor.inputValue()).toBe("Final: ask @robert to sign");
    await editForm.getByRole("button", { name: "Save" }).click();
    await toast(page, "Note updated").waitFor();
    const edited = noteWith(page, "Final: ask @robert to sign");
    await edited.getByText("(edited)").waitFor();

    // Deleting asks the browser first; declining keeps the note.
    const messages: string[] = [];
    page.once("dialog", (d) => {
      messages.push(d.message());
      void d.dismiss();
    });
    await edited.getByRole("button", { name: "Delete note" }).click();
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toBe("Are you sure you want to delete this note? This action cannot be undone.");
    expect(await edited.isVisible()).toBe(true);
    page.once("dialog", (d) => void d.accept());
    await edited.getByRole("button", { name: "Delete note" }).click();
    await toast(page, "Note deleted").waitFor();
    await edited.waitFor({ state: "detached" });

    // Adding: whitespace is not a note; a server failure says so and keeps the text.
    await notesDialog(page).getByRole("button", { name: "Add Note" }).click();
    const composer = notesDialog(page).getByLabel("New note");
    const submit = notesDialog(page).getByRole("button", { name: "Add Note" });
    await composer.fill("  \n ");
    expect(await submit.isDisabled()).toBe(true);
    await page.route(`**/api/listings/${listing.id}/notes`, (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "Database unavailable" }) : route.fallback(),
    );
    await composer.fill("This one fails");
    await submit.click();
    await toast(page, "Failed to add note").waitFor();
    expect(await composer.inputValue()).toBe("This one fails");
    expect(await seriousViolations(page, '[data-testid="notes-dialog"]')).toEqual([]);
  });

  it("shows 9+ above nine unread, marks all read, and has empty, loading and failure states", async () => {
    const author = await signedInContext(suite, { as: SAM });
    const listing = await createListing(author, { listingName: `${uniqueToken("many")} Busy Corner` });
    for (let i = 1; i <= 11; i++) await addNote(author, listing.id, `@robert update number ${i}`);

    const page = await (await signedInContext(suite, { as: ROBERT })).newPage();
    await page.goto("/agents");
    const badge = bell(page).getByTestId("notification-badge");
    await badge.waitFor();
    expect(await badge.textContent()).toBe("9+");
    expect(await bell(page).getAttribute("aria-label")).toBe("Notifications, 11 unread");
    await screenshot(page, "notifications-badge-9plus-desktop");

    await bell(page).click();
    const items = panel(page).getByTestId("notification-item");
    await expect.poll(() => items.count()).toBe(11);
    const list = panel(page).getByTestId("notification-list");
    expect((await settledBox(list))?.height).toBe(400);
    expect((await settledBox(panel(page)))?.width).toBe(320);
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await panel(page).getByRole("button", { name: "Mark all read" }).click();
    await badge.waitFor({ state: "detached" });
    await expect.poll(() => panel(page).locator('[data-unread="true"]').count()).toBe(0);
    expect(await panel(page).getByRole("button", { name: "Mark all read" }).isDisabled()).toBe(true);
    await page.reload();
    await bell(page).waitFor();
    await page.waitForResponse((res) => new URL(res.url()).pathname === "/api/notifications");
    expect(await badge.count()).toBe(0);

    // Someone nobody has mentioned yet.
    const fresh = await (await signedInContext(suite, { as: DREW })).newPage();
    await fresh.goto("/agents");
    await bell(fresh).click();
    await panel(fresh).getByText("No notifications yet").waitFor();

    // A slow, then failing, server: the answer is held until the panel has said it is loading.
    const failing = await (await signedInContext(suite, { as: DREW })).newPage();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await failing.route("**/api/notifications", async (route) => {
      await answered;
      await route.fulfill({ status: 500, body: "Internal Server Error" });
    });
    await failing.goto("/agents");
    await bell(failing).click();
    await panel(failing).getByText("Loading notifications...").waitFor();
    answer();
    await panel(failing).getByText("Failed to load notifications").waitFor();
    await panel(failing).getByText("Please try again later").waitFor();
  });

  it("fits the notifications panel on a phone", async () => {
    const author = await signedInContext(suite, { as: SAM });
    const listing = await createListing(author, { listingName: `${uniqueToken("ph")} Phone Plaza` });
    await addNote(author, listing.id, "@casey have a look from your phone");

    const page = await (await signedInContext(suite, { as: CASEY, device: "phone" })).newPage();
    await page.goto("/agents");
    const headerBell = page.locator("header").getByRole("button", { name: /^Notifications/ });
    await headerBell.getByTestId("notification-badge").waitFor();
    await headerBell.click();
    const box = await settledBox(panel(page));
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    await panel(page).getByTestId("notification-item").first().waitFor();
    await screenshot(page, "notifications-panel-phone");

    await panel(page).getByTestId("notification-item").first().click();
    await noteWith(page, "have a look from your phone").waitFor();
    await screenshot(page, "notes-dialog-phone");
  });

  it("lets a member submit a wish but not manage wishes or comments", async () => {
    const context = await signedInContext(suite, { as: ROBIN });
    const page = await context.newPage();

    // The empty list, as a brand-new workspace would show it.
    await page.route("**/api/wishes", (route) =>
      route.request().method() === "GET" ? route.fulfill({ status: 200, contentType: "application/json", body: "[]" }) : route.fallback(),
    );
    await page.goto("/wishlist");
    await page.getByText("No wishes yet").waitFor();
    await page.unroute("**/api/wishes");

    await page.reload();
    await page.getByRole("heading", { name: "Wishlist for App", level: 1 }).waitFor();
    const form = page.getByRole("form", { name: "Submit a wish" });
    await form.getByLabel("Title").fill("   ");
    await form.getByRole("button", { name: "Submit Wish" }).click();
    await form.getByText("Title is required").waitFor();
    await form.getByText("Description is required").waitFor();

    const title = `${uniqueToken("wish")} Map view`;
    await form.getByLabel("Title").fill(`  ${title}  `);
    await form.getByLabel("Description").fill("Show listings on a map so I can plan visits.");
    await form.getByRole("button", { name: "Submit Wish" }).click();
    const wish = wishCard(page, title);
    await wish.waitFor();
    expect(await form.getByLabel("Title").inputValue()).toBe("");
    expect(await form.getByLabel("Description").inputValue()).toBe("");
    await wish.getByText(ROBIN.username).waitFor();

    expect(await wish.getByRole("button", { name: /^Edit wish/ }).count()).toBe(0);
    expect(await wish.getByRole("button", { name: /^Delete wish/ }).count()).toBe(0);
    await wish.getByRole("button", { name: /Comments/ }).click();
    await wish.getByText("No comments yet.").waitFor();
    expect(await wish.getByLabel("Add a comment").count()).toBe(0);
    expect(await seriousViolations(page, "main")).toEqual([]);
    await screenshot(page, "wishlist-member-desktop");
  });

  it("lets an admin edit, comment on and delete wishes, with an Admin badge on admin comments", async () => {
    const member = await signedInContext(suite, { as: CASEY });
    const title = `${uniqueToken("adm")} Dark mode`;
    const created = await member.request.post("/api/wishes", { data: { title, description: "Easier on the eyes at night." } });
    expect(created.status()).toBe(201);

    const admin = await suite.context();
    await signInAsAdmin(admin);
    const page = await admin.newPage();
    await page.goto("/wishlist");
    const wish = wishCard(page, title);
    await wish.waitFor();

    await wish.getByRole("button", { name: `Edit wish ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit wish" });
    await edit.getByLabel("Description").fill("Easier on the eyes at night, and saves battery.");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    await wish.getByText("and saves battery.").waitFor();

    await wish.getByRole("button", { name: /Comments/ }).click();
    await wish.getByText("No comments yet.").waitFor();
    const commentBox = wish.getByLabel("Add a comment");
    await commentBox.fill("Planned for next month.");
    await wish.getByRole("button", { name: "Add Comment" }).click();
    const comment = wish.getByTestId("wish-comment").filter({ hasText: "Planned for next month." });
    await comment.waitFor();
    expect(await commentBox.inputValue()).toBe("");
    await comment.getByText("Admin", { exact: true }).waitFor();
    await wish.getByRole("button", { name: "1 comment" }).waitFor();
    await screenshot(page, "wishlist-admin-desktop");

    // The member sees the admin's comment with its badge.
    const memberPage = await member.newPage();
    await memberPage.goto("/wishlist");
    await wishCard(memberPage, title).getByRole("button", { name: "1 comment" }).click();
    await wishCard(memberPage, title).getByTestId("wish-comment").getByText("Admin", { exact: true }).waitFor();

    page.once("dialog", (d) => void d.accept());
    await comment.getByRole("button", { name: `Delete comment by ${ADMIN.username}` }).click();
    await comment.waitFor({ state: "detached" });

    const messages: string[] = [];
    page.once("dialog", (d) => {
      messages.push(d.message());
      void d.accept();
    });
    await wish.getByRole("button", { name: `Delete wish ${title}` }).click();
    await wish.waitFor({ state: "detached" });
    expect(messages).toEqual([`Are you sure you want to delete the wish "${title}"? Its comments will be deleted too.`]);
  });
});
