import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { addNote, createAgent, createListing, createListings, getListing, uniqueToken } from "./support/listings";
import { expectPath, screenshot, settledBox, useSuite } from "./support/suite";
import { card, cardNames, cards, eventually, navCount, nextPaint, searchListings, sortedCardNames, toast } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";

/** The toolbar's filters are the browser's own selects: pick as the picker does. */
async function chooseFilter(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).selectOption({ label: option });
}

// The shell's sidebar is checked by its own tests; these pages own what is inside <main> and the dialogs.
const MAIN = "main";

async function openDetails(page: Page, name: string): Promise<Locator> {
  // Clicking the card itself (not one of its controls) opens the details.
  await card(page, name).getByTestId("listing-description").click();
  const dialog = page.getByTestId("listing-detail");
  await dialog.getByRole("heading", { name, exact: true }).waitFor();
  return dialog;
}

describe("listings workspace", () => {
  const suite = useSuite();

  it("stars a listing, which then sorts first, and unstars it", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("star");
    const oldest = await createListing(context, { listingName: `${token} Oldest` });
    await createListing(context, { listingName: `${token} Middle` });
    await createListing(context, { listingName: `${token} Newest` });

    await page.goto("/");
    await searchListings(page, token);
    await eventually(() => cardNames(page)).toEqual([`${token} Newest`, `${token} Middle`, `${token} Oldest`]);

    await card(page, `${token} Oldest`).getByRole("button", { name: `Star ${token} Oldest` }).click();
    await toast(page, "Listing starred").filter({ hasText: "Success!" }).waitFor();
    await eventually(() => cardNames(page)).toEqual([`${token} Oldest`, `${token} Newest`, `${token} Middle`]);
    expect((await getListing(context, oldest.id)).isStarred).toBe(true);
    await screenshot(page, "listings-starred-desktop");

    // The order holds after a reload (the server agrees).
    await page.reload();
    await searchListings(page, token);
    await eventually(() => cardNames(page)).toEqual([`${token} Oldest`, `${token} Newest`, `${token} Middle`]);

    await card(page, `${token} Oldest`).getByRole("button", { name: `Unstar ${token} Oldest` }).click();
    await toast(page, "Listing unstarred").waitFor();
    await eventually(() => cardNames(page)).toEqual([`${token} Newest`, `${token} Middle`, `${token} Oldest`]);
  });

  it("rolls a star back and says so when the server refuses it", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("refuse");
    await createListing(context, { listingName: `${token} Listing` });
    await page.route("**/toggle-starred", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.goto("/");
    await searchListings(page, token);
    const star = card(page, `${token} Listing`).getByTestId("star-toggle");
    await star.click();
    await toast(page, "Failed to toggle starred status").waitFor();
    await eventually(() => star.getAttribute("aria-pressed")).toBe("false");
  });

  it("moves a listing to Not In Use from its card and back, with the sidebar counts following", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("move");
    const name = `${token} Warehouse`;
    const created = await createListing(context, { listingName: name });

    await page.goto("/");
    await searchListings(page, token);
    await card(page, name).waitFor();
    const active = Number(await navCount(page, "active").textContent());
    const inactive = Number(await navCount(page, "inactive").textContent());

    await card(page, name).getByRole("switch", { name: `Active: ${name}` }).click();
    await toast(page, `${name} moved to Not In Use`).filter({ hasText: "Success!" }).waitFor();
    await card(page, name).waitFor({ state: "detached" });
    await eventually(async () => Number(await navCount(page, "active").textContent())).toBe(active - 1);
    await eventually(async () => Number(await navCount(page, "inactive").textContent())).toBe(inactive + 1);

    await page.getByTestId("desktop-sidebar").getByRole("link", { name: /Not In Use/ }).click();
    await expectPath(page, "/not-in-use");
    await page.getByRole("heading", { name: "Not In Use", level: 1 }).waitFor();
    await searchListings(page, token);
    const switchOff = card(page, name).getByRole("switch", { name: `Active: ${name}` });
    expect(await switchOff.getAttribute("aria-checked")).toBe("false");
    // No selection and no layout choice on Not In Use.
    expect(await page.getByLabel("Select All").count()).toBe(0);
    expect(await page.getByRole("button", { name: "List view" }).count()).toBe(0);
    await screenshot(page, "listings-not-in-use-desktop");

    await switchOff.click();
    await toast(page, `${name} moved to Active`).waitFor();
    await card(page, name).waitFor({ state: "detached" });
    await eventually(async () => Number(await navCount(page, "active").textContent())).toBe(active);
    await eventually(async () => Number(await navCount(page, "inactive").textContent())).toBe(inactive);
    expect((await getListing(context, created.id)).isActive).toBe(true);
  });

  it("stays on Not In Use when its page's code arrives slowly, although Active Listings kept a search", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("slow");
    const name = `${token} Shop`;
    await createListing(context, { listingName: name });
    await page.clock.install();
    await page.goto("/");
    await searchListings(page, token);
    await card(page, name).waitFor();
    await expectPath(page, "/", `?q=${token}`);
    // A slow connection: the page being left stays mounted, hidden, until the next one's code
    // arrives, and must not write its own address back meanwhile.
    // The next page's code is held until the test has looked.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = () => {};
    const codeRequested = new Promise<void>((resolve) => (requested = resolve));
    await page.route("**/assets/not-in-use-page-*.js", async (route) => {
      requested();
      await held;
      await route.continue();
    });
    await page.getByTestId("desktop-sidebar").getByRole("link", { name: /Not In Use/ }).click();
    await codeRequested;
    await expectPath(page, "/not-in-use");
    // The hidden page writes its address a moment after a change (ADDRESS_DELAY_MS, 200 ms, in
    // use-listing-view-params.ts): its clock moved well past that, it has not written.
    await page.clock.runFor(2_000);
    await nextPaint(page);
    await expectPath(page, "/not-in-use");
    release();
    await page.getByRole("heading", { name: "Not In Use", level: 1 }).waitFor({ timeout: TIMEOUT.pageCode });
    await expectPath(page, "/not-in-use");
  });

  it("searches and filters by category, offering type, agent, starred and notes", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("flt");
    const [ada, ben] = await Promise.all([createAgent(context, `Ada ${token}`), createAgent(context, `Ben ${token}`)]);
    const alpha = `${token} Alpha`;
    const bravo = `${token} Bravo`;
    const charlie = `${token} Charlie`;
    await createListing(context, {
      listingName: alpha,
      marketingCategory: "Homerun",
      offeringType: "Lease",
      agentId: ada.id,
      propertyDescription: `Corner BAKERY space ${token} with ovens.`,
      city: "Wheeling",
    });
    const b = await createListing(context, {
      listingName: bravo,
      marketingCategory: "Single",
      offeringType: "Sell",
      propertyDescription: `Quiet office ${token}.`,
      address: `77 Quarry Lane ${token}`,
    });
    await createListing(context, {
      listingName: charlie,
      marketingCategory: "Grand Slam",
      offeringType: "Sell/Lease",
      agentId: ben.id,
      propertyDescription: `Retail strip ${token}.`,
      state: "OH",
      city: "Columbus",
    });
    await context.request.post(`/api/listings/${b.id}/toggle-starred`);
    await addNote(context, b.id, "Call the owner on Monday.");

    await page.goto("/");
    await searchListings(page, token);
    await eventually(() => sortedCardNames(page)).toEqual([alpha, bravo, charlie]);
    await page.getByTestId("listing-count").getByText("Showing 3 of").waitFor();

    // Search reads the description, address and city, ignoring case.
    await searchListings(page, `bakery space ${token}`.toUpperCase());
    await eventually(() => sortedCardNames(page)).toEqual([alpha]);
    await searchListings(page, `quarry lane ${token}`);
    await eventually(() => sortedCardNames(page)).toEqual([bravo]);
    await searchListings(page, token);

    await chooseFilter(page, "filter-category", "Homerun");
    await eventually(() => sortedCardNames(page)).toEqual([alpha]);
    await chooseFilter(page, "filter-category", "All categories");

    await chooseFilter(page, "filter-offering-type", "Sell");
    await eventually(() => sortedCardNames(page)).toEqual([bravo]);
    await chooseFilter(page, "filter-offering-type", "Sell/Lease");
    await eventually(() => sortedCardNames(page)).toEqual([charlie]);
    await chooseFilter(page, "filter-offering-type", "All offering types");

    await chooseFilter(page, "filter-agent", "Unassigned");
    await eventually(() => sortedCardNames(page)).toEqual([bravo]);
    await chooseFilter(page, "filter-agent", `Ben ${token}`);
    await eventually(() => sortedCardNames(page)).toEqual([charlie]);
    await chooseFilter(page, "filter-agent", "All agents");
    await eventually(() => sortedCardNames(page)).toEqual([alpha, bravo, charlie]);

    await page.getByLabel("Starred", { exact: true }).click();
    await eventually(() => sortedCardNames(page)).toEqual([bravo]);
    await page.getByLabel("Starred", { exact: true }).click();
    await page.getByLabel("With Notes", { exact: true }).click();
    await eventually(() => sortedCardNames(page)).toEqual([bravo]);
    await screenshot(page, "listings-filtered-desktop");

    await searchListings(page, `${token} nothing like this`);
    await page.getByText("No listings found").waitFor();
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await eventually(() => page.getByTestId("listing-search").inputValue()).toBe("");
    expect(await page.getByLabel("With Notes", { exact: true }).getAttribute("aria-checked")).toBe("false");
  });

  it("selects the filtered listings with Select All and clears the selection", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("sel");
    await createListing(context, { listingName: `${token} One` });
    await createListing(context, { listingName: `${token} Two` });
    await page.goto("/");
    await searchListings(page, token);
    await eventually(() => cards(page).count()).toBe(2);

    await page.getByLabel("Select All").click();
    const bar = page.getByTestId("selection-bar");
    await bar.getByText("2 listings selected").waitFor();
    await card(page, `${token} One`).getByRole("checkbox", { name: `Select ${token} One` }).click();
    await bar.getByText("1 listing selected").waitFor();
    expect(await page.getByLabel("Select All").getAttribute("aria-checked")).toBe("mixed");
    await bar.getByRole("button", { name: "Clear Selection" }).click();
    await bar.waitFor({ state: "detached" });
  });

  it("switches between grid and list and remembers the choice", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("view");
    await createListing(context, { listingName: `${token} Row` });
    await page.goto("/");
    await searchListings(page, token);
    await card(page, `${token} Row`).waitFor();

    await page.getByRole("button", { name: "List view" }).click();
    const row = page.getByTestId("listing-row").filter({ hasText: `${token} Row` });
    await row.waitFor();
    expect(await cards(page).count()).toBe(0);
    await screenshot(page, "listings-list-desktop");

    await page.reload();
    await searchListings(page, token);
    await row.waitFor();
    expect(await page.getByRole("button", { name: "List view" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Grid view" }).click();
    await card(page, `${token} Row`).waitFor();
  });

  it("shows skeletons while loading and the empty states", async () => {
    const { page } = await signedInPage(suite);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/listings/active", async (route) => {
      await released;
      await route.fulfill({ status: 200, contentType: "application/json", body: "[]" });
    });
    await page.goto("/");
    await eventually(() => page.getByTestId("listing-skeleton").count()).toBe(6);
    await page.getByRole("button", { name: "List view" }).click();
    await eventually(() => page.getByTestId("listing-skeleton").count()).toBe(8);
    await page.getByRole("button", { name: "Grid view" }).click();
    release();

    await page.getByText("No listings found").waitFor();
    await page.getByRole("button", { name: "Add your first listing" }).click();
    await page.getByRole("dialog").getByRole("heading", { name: "Add New Listing" }).waitFor();
    await page.keyboard.press("Escape");

    await page.route("**/api/listings/inactive", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: "[]" }),
    );
    await page.goto("/not-in-use");
    await page.getByText("No inactive listings").waitFor();
  });

  it("opens Add New Listing, and the notes in add and view mode", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("dlg");
    const name = `${token} Notes`;
    await createListing(context, { listingName: name });
    await page.goto("/");
    await page.getByRole("button", { name: "Add New Listing" }).click();
    await page.getByRole("dialog").getByRole("heading", { name: "Add New Listing" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await searchListings(page, token);
    await card(page, name).getByRole("button", { name: "Add Note" }).click();
    await page.getByRole("dialog").filter({ hasText: name }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await card(page, name).getByRole("button", { name: /^View Notes/ }).click();
    await page.getByRole("dialog").filter({ hasText: name }).waitFor();
  });

  it("opens the notes of a listing named in the address, then tidies the address", async () => {
    const { context, page } = await signedInPage(suite);
    const name = `${uniqueToken("link")} Linked`;
    const listing = await createListing(context, { listingName: name });
    const note = await addNote(context, listing.id, "Linked note");
    await page.goto(`/?listingId=${listing.id}&noteId=${note.id}`);
    await page.getByRole("dialog").filter({ hasText: name }).waitFor();
    await expectPath(page, "/", "");
    expect(new URL(page.url()).search).toBe("");
    // The dialog stays open after the address is tidied.
    await page.getByRole("dialog").filter({ hasText: name }).waitFor();

    await context.request.post(`/api/listings/${listing.id}/toggle`);
    await page.goto(`/not-in-use?listingId=${listing.id}&noteId=${note.id}`);
    await page.getByRole("dialog").filter({ hasText: name }).waitFor();
    await expectPath(page, "/not-in-use");
    expect(new URL(page.url()).search).toBe("");
  });

  it("shows a listing's details, copies and regenerates its posts, and deletes it after confirmation", async () => {
    const { context, page } = await signedInPage(suite, { clipboard: true });
    const token = uniqueToken("det");
    const name = `${token} Riverside Diner`;
    const created = await createListing(context, {
      listingName: name,
      address: "12 River Road",
      city: "Wheeling",
      state: "WV",
      offeringType: "Sell/Lease",
      marketingCategory: "Grand Slam",
      propertyDescription: "A busy restaurant with a full kitchen, 60 seats and river views from the patio.",
      notes: "Owner wants a quick close.",
      marketingCategoryReference: "REF-42",
      marketingFlyerLink: "https://flyers.example.com/diner.pdf",
      looplinkLink: "https://www.loopnet.com/Listing/diner",
      googleDriveLink: "https://drive.google.com/drive/folders/diner",
    });

    await page.goto("/");
    await searchListings(page, token);
    const shown = card(page, name);
    // The card: description cut at 50 characters, the restaurant picture, the category colour.
    expect(await shown.getByTestId("listing-description").textContent()).toBe(
      "A busy restaurant with a full kitchen, 60 seats an...",
    );
    const cardImage = shown.locator("img");
    expect(decodeURIComponent((await cardImage.getAttribute("src")) ?? "")).toContain("fallback-restaurant");
    expect(await cardImage.getAttribute("loading")).toBe("lazy");
    expect(await shown.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe("rgb(255, 215, 0)");

    const dialog = await openDetails(page, name);
    await dialog.locator("header").getByText("Wheeling, WV").waitFor();
    expect(await dialog.getByTestId("listing-status-badge").textContent()).toBe("Active");
    for (const text of ["Property Overview", "Sell/Lease", "12 River Road", "REF-42", "Owner wants a quick close."]) {
      await dialog.getByText(text, { exact: true }).first().waitFor();
    }
    await dialog.getByTestId("category-badge").filter({ hasText: "Grand Slam" }).waitFor();
    const flyer = dialog.getByRole("link", { name: /Marketing Flyer/ });
    expect(await flyer.getAttribute("href")).toBe("https://flyers.example.com/diner.pdf");
    expect(await flyer.getAttribute("target")).toBe("_blank");
    expect(await flyer.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await dialog.getByRole("link", { name: /LoopLink/ }).getAttribute("href")).toBe("https://www.loopnet.com/Listing/diner");
    expect(await dialog.getByRole("link", { name: /Google Drive/ }).getAttribute("href")).toBe(
      "https://drive.google.com/drive/folders/diner",
    );
    await dialog.getByText("No Dropbox link provided").waitFor();
    expect(decodeURIComponent((await dialog.getByTestId("listing-detail-image").getAttribute("src")) ?? "")).toContain(
      "fallback-restaurant",
    );

    const posts = dialog.getByTestId("listing-post");
    await eventually(() => posts.count()).toBe(10);
    await posts.first().getByText("Post 1 of 10").waitFor();
    await posts.last().getByText("Post 10 of 10").waitFor();
    await screenshot(page, "listing-detail-desktop");

    const firstText = await posts.first().getByTestId("listing-post-text").textContent();
    await posts.first().getByRole("button", { name: "Copy Post 1 of 10" }).click();
    await posts.first().getByText("Copied!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstText);
    await posts.first().getByText("Copy", { exact: true }).waitFor({ timeout: 4000 });

    const before = await dialog.getByTestId("listing-post-text").allTextContents();
    await dialog.getByRole("button", { name: "Regenerate", exact: true }).click();
    await toast(page, "New posts are ready").waitFor();
    await eventually(async () => (await dialog.getByTestId("listing-post-text").allTextContents()).join("\n")).not.toBe(
      before.join("\n"),
    );
    expect(await posts.count()).toBe(10);

    await dialog.getByRole("button", { name: "Edit Listing" }).click();
    await page.getByRole("dialog").getByRole("heading", { name: "Edit Listing" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("heading", { name: "Edit Listing" }).waitFor({ state: "detached" });

    await dialog.getByRole("button", { name: "Delete Listing" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText(`Are you sure you want to delete "${name}"? This action cannot be undone.`).waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "Delete Listing" }).click();
    await screenshot(page, "listing-delete-confirm-desktop");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await card(page, name).waitFor({ state: "detached" });
    expect((await context.request.get(`/api/listings/${created.id}`)).status()).toBe(404);
  });

  it("writes posts for imported listings in the background, generates posts for a listing that has none, and waits for posts being written", async () => {
    const { context, page } = await signedInPage(suite);
    const name = `${uniqueToken("gen")} Imported`;
    // Imported listings get their posts from the job queue.
    const csvData = [
      "Listing Name,Address,City,State,Offering Type,Property Description,Marketing Category",
      `${name},5 Mill Street,Wheeling,WV,Lease,Loft offices over the river.,Triple`,
    ].join("\n");
    const imported = await context.request.post("/api/listings/import", { data: { csvData, agentId: null } });
    expect(imported.status(), await imported.text()).toBe(200);
    const importedId = ((await imported.json()) as { successful: { id: string }[] }).successful[0].id;
    await eventually(async () => (await getListing(context, importedId)).posts.length).toBe(10);
    const written = await createListing(context, { listingName: `${name} Written` });

    // A listing without posts (as before posts were written for every listing) offers Generate Posts.
    // Every read says so until Generate Posts is sent: a read the event stream sets off meanwhile
    // (the listing's own background jobs, the other listing's posts) must not bring the posts back.
    let postless = true;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api/listings/${importedId}/regenerate-posts`)) postless = false;
    });
    await page.route(`**/api/listings/${importedId}`, async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      const response = await route.fetch();
      const listing = (await response.json()) as object;
      await route.fulfill({ response, json: postless ? { ...listing, posts: [], aiGeneratedPosts: [] } : listing });
    });
    await page.goto("/");
    await searchListings(page, name);
    const dialog = await openDetails(page, name);
    await dialog.getByText("No posts yet").waitFor();
    await dialog.getByRole("button", { name: "Generate Posts", exact: true }).click();
    await eventually(() => dialog.getByTestId("listing-post").count()).toBe(10);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    // A remote model writes in the background: the dialog says so, and reads the listing again when
    // the event stream says it changed:
    // here every read until the posts are written again is made to say "pending" (a read that an
    // event about the other listing sets off must not end it early), and those posts are the change.
    let reads = 0;
    let writing = true;
    await page.route(`**/api/listings/${written.id}`, async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      reads += 1;
      const response = await route.fetch();
      const listing = (await response.json()) as Record<string, unknown>;
      if (writing) Object.assign(listing, { postsStatus: "pending", aiGeneratedPosts: [], posts: [] });
      await route.fulfill({ response, json: listing });
    });
    await searchListings(page, written.listingName);
    const again = await openDetails(page, written.listingName);
    await again.getByText("Writing posts...").waitFor();
    writing = false;
    expect((await context.request.post(`/api/listings/${written.id}/regenerate-posts`)).ok()).toBe(true);
    await eventually(() => again.getByTestId("listing-post").count()).toBe(10);
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(await again.getByText("Writing posts...").count()).toBe(0);
  });

  it("switches a listing's folder from the detail dialog with the folder wording", async () => {
    const { context, page } = await signedInPage(suite);
    const name = `${uniqueToken("st")} Status`;
    await createListing(context, { listingName: name, propertyDescription: "Retail bay in a strip centre." });
    await page.goto("/");
    await searchListings(page, name);
    const dialog = await openDetails(page, name);
    expect(decodeURIComponent((await dialog.getByTestId("listing-detail-image").getAttribute("src")) ?? "")).toContain(
      "fallback-retail",
    );
    await dialog.getByRole("switch", { name: "Listing active" }).click();
    await toast(page, "Listing deactivated and moved to Not In Use folder").waitFor();
    await eventually(() => dialog.getByTestId("listing-status-badge").textContent()).toBe("Inactive");
    await dialog.getByRole("switch", { name: "Listing active" }).click();
    await toast(page, "Listing activated and moved to Active folder").waitFor();
  });

  it("uses the plain border when coloured card borders are off in Settings", async () => {
    const { context, page } = await signedInPage(suite);
    const name = `${uniqueToken("plain")} Plain`;
    await createListing(context, { listingName: name, marketingCategory: "Homerun" });
    await page.goto("/");
    await searchListings(page, name);
    expect(await card(page, name).evaluate((el) => getComputedStyle(el).borderTopColor)).toBe("rgb(239, 68, 68)");
    // Selecting it adds the selection ring beside the coloured shadow: the shadow must not hide it.
    const shadowOf = () => card(page, name).evaluate((el) => getComputedStyle(el).boxShadow);
    const accented = await shadowOf();
    expect(accented).toContain("0px 6px 18px -8px");
    await card(page, name).getByRole("checkbox", { name: `Select ${name}` }).click();
    await eventually(shadowOf).toMatch(/0px 0px 0px 4px/);
    expect(await shadowOf()).toContain("0px 6px 18px -8px");
    await card(page, name).getByRole("checkbox", { name: `Select ${name}` }).click();
    await eventually(shadowOf).toBe(accented);

    const off = await context.request.patch("/api/settings", { data: { enableCardShadow: false } });
    expect(off.status(), await off.text()).toBe(200);
    try {
      await page.reload();
      await searchListings(page, name);
      const style = await card(page, name).evaluate((el) => {
        const s = getComputedStyle(el);
        return { border: s.borderTopColor, shadow: s.boxShadow };
      });
      expect(style.border).not.toBe("rgb(239, 68, 68)");
      expect(style.shadow).toBe("none");
    } finally {
      await context.request.patch("/api/settings", { data: { enableCardShadow: true } });
    }
  });

  it("has no serious accessibility problems on the list pages and the detail dialog", async () => {
    const { context, page } = await signedInPage(suite);
    const name = `${uniqueToken("axe")} Accessible`;
    await createListing(context, { listingName: name, notes: "Internal", googleDriveLink: "https://drive.google.com/x" });
    await page.goto("/");
    await cards(page).first().waitFor();
    expect(await seriousViolations(page, MAIN)).toEqual([]);

    await page.getByRole("button", { name: "List view" }).click();
    await page.getByTestId("listing-row").first().waitFor();
    expect(await seriousViolations(page, MAIN)).toEqual([]);
    await page.getByRole("button", { name: "Grid view" }).click();

    await searchListings(page, name);
    await openDetails(page, name);
    await page.getByTestId("listing-post").first().waitFor();
    expect(await seriousViolations(page, "[data-testid='listing-detail']")).toEqual([]);

    await page.goto("/not-in-use");
    await page.getByRole("heading", { name: "Not In Use", level: 1 }).waitFor();
    await page.getByTestId("listing-count").waitFor();
    expect(await seriousViolations(page, MAIN)).toEqual([]);
  });

  it("works on a phone: one column, folding filters, a full-screen detail dialog", async () => {
    const { context, page } = await signedInPage(suite, { device: "phone" });
    const token = uniqueToken("ph");
    await createListing(context, { listingName: `${token} First`, marketingCategory: "Triple" });
    await createListing(context, { listingName: `${token} Second`, marketingCategory: "Homerun" });
    await page.goto("/");
    await searchListings(page, token);
    await eventually(() => cards(page).count()).toBe(2);
    const boxes = await Promise.all((await cards(page).all()).map((c) => c.boundingBox()));
    expect(boxes[0]!.x).toBe(boxes[1]!.x);
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const category = page.getByTestId("filter-category");
    expect(await category.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Filters" }).click();
    await category.waitFor();
    await screenshot(page, "listings-filters-phone");
    await chooseFilter(page, "filter-category", "Triple");
    await eventually(() => cardNames(page)).toEqual([`${token} First`]);
    await page.getByRole("button", { name: /Filters/ }).getByText("1").waitFor();
    await page.getByRole("button", { name: /Filters/ }).click();
    await category.waitFor({ state: "hidden" });
    await screenshot(page, "listings-grid-phone");

    const dialog = await openDetails(page, `${token} First`);
    const box = await settledBox(dialog);
    expect(box!.width).toBeGreaterThanOrEqual(389);
    expect(box!.height).toBeGreaterThanOrEqual(800);
    await screenshot(page, "listing-detail-phone");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "List view" }).click();
    await page.getByTestId("listing-row").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "listings-list-phone");
  });

  it("keeps the DOM small with 1,500 listings (virtualized grid and list)", async () => {
    const { context, page } = await signedInPage(suite);
    const token = uniqueToken("bulk");
    await createListings(context, 1500, (i) => ({ listingName: `${token} ${String(i).padStart(4, "0")}` }));

    await page.goto("/");
    await cards(page).first().waitFor();
    const total = Number((await navCount(page, "active").textContent())?.replace(/,/g, ""));
    expect(total).toBeGreaterThanOrEqual(1500);
    expect(await cards(page).count()).toBeLessThan(100);

    // Scrolled to the very end, the last listing is there and the DOM is still small.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await eventually(() => page.locator(`[role='listitem'][aria-posinset='${total}']`).count()).toBe(1);
    expect(await cards(page).count()).toBeLessThan(100);
    // Not a full-page picture: the page is a few hundred thousand pixels tall.
    await screenshot(page, "listings-scrolled-end-desktop", { fullPage: false });

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "List view" }).click();
    await page.getByTestId("listing-row").first().waitFor();
    expect(await page.getByTestId("listing-row").count()).toBeLessThan(100);
    await page.getByRole("button", { name: "Grid view" }).click();

    await searchListings(page, `${token} 1499`);
    await eventually(() => cardNames(page)).toEqual([`${token} 1499`]);
  }, TIMEOUT.longBrowserTest);
});
