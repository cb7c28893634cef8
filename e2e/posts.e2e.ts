// The listing posts in the browser, on a desktop and on a phone: each post shows its platform and its
// length against the limit, says who wrote it, and can be edited, written again one at a time
// and marked as posted; editing the listing flags the posts as stale until they are regenerated.
import type { Locator, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsAdmin } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { recordEventSources, streams } from "./support/event-sources";
import { fillRequired, openAddDialog } from "./support/listing-form";
import { createListing, getListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, eventually, toast } from "./support/ui";

type Device = "desktop" | "phone";
const DEVICES: Device[] = ["desktop", "phone"];

async function openDetails(page: Page, name: string, { afterLoad }: { afterLoad?: () => Promise<unknown> } = {}): Promise<Locator> {
  await page.goto("/");
  await afterLoad?.();
  await page.getByTestId("listing-search").fill(name);
  await card(page, name).getByTestId("listing-description").click();
  const dialog = page.getByTestId("listing-detail");
  await dialog.getByRole("heading", { name, exact: true }).waitFor();
  return dialog;
}

const postAt = (dialog: Locator, n: number) => dialog.getByTestId("listing-post").nth(n - 1);

describe("posts a broker would publish", () => {
  const suite = useSuite();

  it("says the built-in writer wrote the posts, in the toast and the posts section, when no model is configured", async () => {
    const context = await suite.context({ device: "desktop" });
    await signInAsAdmin(context);
    const page = await context.newPage();
    const name = `${uniqueToken("honest")} Harbor Warehouse`;
    const dialog = await openAddDialog(page);
    await fillRequired(page, dialog, name, {
      address: "12 Dock Street",
      city: "Wheeling",
      state: "WV (West Virginia)",
      offeringType: "Lease",
      category: /Double/,
      description: "Clear-span warehouse with 6 dock doors and a fenced yard, two miles from the interstate.",
    });
    await dialog.getByRole("button", { name: "Create Listing" }).click();
    await toast(page, "Listing created successfully").waitFor();
    await toast(page, "Posts are ready, written by the built-in writer. View them in the listing details.").waitFor({ timeout: 8_000 });
    expect(await toast(page, "AI-generated").count()).toBe(0);

    const details = await openDetails(page, name);
    const section = details.getByTestId("listing-posts");
    await section.getByRole("heading", { name: "Social Posts" }).waitFor();
    expect(await section.getByRole("heading", { name: "AI-Generated Posts" }).count()).toBe(0);
    expect(await details.getByTestId("listing-posts-writer").textContent()).toMatch(/^Written by the built-in writer on /);
  });

  it("announces posts a model writes in the background (the spec's AI-generated toast) when the stream says they are stored, reading nothing meanwhile", async () => {
    const context = await suite.context({ device: "desktop" });
    await signInAsAdmin(context);
    const page = await context.newPage();
    // A fake clock that still runs by itself, so that ten seconds can pass at once below.
    await page.clock.install();
    let created = "";
    let writing = true;
    // The listing is created, and then reads, as if a remote model were still writing its posts.
    await page.route("**/api/listings", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      const response = await route.fetch();
      const listing = await response.json();
      created = listing.id;
      await route.fulfill({ response, json: { ...listing, postsStatus: "pending", posts: [], aiGeneratedPosts: [] } });
    });
    await page.route("**/api/listings/*", async (route) => {
      const url = new URL(route.request().url());
      if (route.request().method() !== "GET" || url.pathname !== `/api/listings/${created}`) return route.fallback();
      const { "if-none-match": _unused, ...headers } = route.request().headers();
      const response = await route.fetch({ headers });
      const body = await response.json();
      // Once written, the posts are the model's: the toast is the spec's "AI-generated" one.
      await route.fulfill({ response, json: writing ? { ...body, postsStatus: "pending", posts: [], aiGeneratedPosts: [] } : { ...body, postsWriter: "gpt-4o-mini" } });
    });
    const reads: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && created && new URL(request.url()).pathname === `/api/listings/${created}`) reads.push(request);
    });

    const name = `${uniqueToken("pending")} Quarry Office`;
    const dialog = await openAddDialog(page);
    await fillRequired(page, dialog, name, {
      address: "40 Quarry Road",
      city: "Morgantown",
      state: "WV (West Virginia)",
      offeringType: "Sell",
      category: /Single/,
      description: "Two-storey office beside the quarry road, with 30 parking spaces and a fenced yard.",
    });
    await dialog.getByRole("button", { name: "Create Listing" }).click();
    await toast(page, "Listing created successfully").waitFor();

    // The posts-ready wait reads the listing once after 2 s, then only when the stream speaks:
    // ten seconds later it has read no more (the old loop read it every 2 s).
    await page.clock.runFor(2_500);
    await eventually(() => reads.length).toBe(1);
    await page.clock.runFor(10_000);
    await page.evaluate(() => fetch("/api/health"));
    expect(reads.length).toBe(1);
    const ready = toast(page, "AI-generated posts are ready!");
    expect(await ready.count()).toBe(0);

    // The posts are stored (an edit of post 1 here): the stream's event brings the toast.
    writing = false;
    const edited = await context.request.patch(`/api/listings/${created}/posts/0`, { data: { text: "Quarry office, ready to move in." } });
    expect(edited.status(), await edited.text()).toBe(200);
    await ready.waitFor();
    expect(reads.length).toBe(2);
  });

  for (const device of DEVICES) {
    it(`shows platforms and lengths, edits, regenerates one, marks posted, and flags stale posts (${device})`, async () => {
      const context = await suite.context({ device });
      await signInAsAdmin(context);
      const page = await context.newPage();
      const name = `${uniqueToken("posts")} Corner Diner`;
      const listing = await createListing(context, {
        listingName: name,
        city: "Morgantown",
        offeringType: "Transfer",
        propertyDescription: "Turnkey restaurant on a signalized corner with 28,000 VPD. Transferable liquor license and 40 parking spaces.",
        askingPrice: 450_000,
        buildingSizeSf: 3_200,
        propertyType: "Restaurant",
      });
      const dialog = await openDetails(page, name);
      const posts = dialog.getByTestId("listing-post");
      await eventually(() => posts.count()).toBe(10);

      // Platforms in order, each with its length against the limit, and who wrote them.
      expect(await dialog.getByTestId("listing-post-platform").allTextContents()).toEqual([
        "LinkedIn",
        "Facebook",
        "Instagram",
        "X",
        "Google Business Profile",
        "LinkedIn",
        "Facebook",
        "Instagram",
        "X",
        "X",
      ]);
      const lengths = await dialog.getByTestId("listing-post-length").allTextContents();
      expect(lengths[3]).toMatch(/^\d+ \/ 280$/);
      expect(lengths[0]).toMatch(/^\d+ \/ 1300$/);
      expect(await postAt(dialog, 1).textContent()).toContain("Post 1 of 10");
      expect(await dialog.getByTestId("listing-posts-writer").textContent()).toMatch(/^Written by the built-in writer on /);
      expect(await dialog.getByTestId("listing-posts-stale").count()).toBe(0);
      await screenshot(page, `posts-${device}`);

      // Edit post 4 (X) inline: the counter follows the text; the saved text stays.
      await dialog.getByRole("button", { name: "Edit Post 4 of 10" }).click();
      const editor = dialog.getByRole("textbox", { name: "Edit Post 4 of 10" });
      await editor.fill("Corner diner with a liquor license, now available. Ask me for the numbers.");
      await eventually(() => postAt(dialog, 4).getByTestId("listing-post-length").textContent()).toBe("74 / 280");
      await postAt(dialog, 4).getByRole("button", { name: "Save" }).click();
      await eventually(() => postAt(dialog, 4).getByTestId("listing-post-text").textContent()).toBe(
        "Corner diner with a liquor license, now available. Ask me for the numbers.",
      );
      expect((await getListing(context, listing.id)).aiGeneratedPosts[3]).toBe("Corner diner with a liquor license, now available. Ask me for the numbers.");

      // Regenerate post 9 alone.
      const before = await postAt(dialog, 9).getByTestId("listing-post-text").textContent();
      const others = await dialog.getByTestId("listing-post-text").allTextContents();
      await dialog.getByRole("button", { name: "Regenerate Post 9 of 10" }).click();
      await eventually(() => postAt(dialog, 9).getByTestId("listing-post-text").textContent()).not.toBe(before);
      expect((await dialog.getByTestId("listing-post-text").allTextContents()).filter((_, i) => i !== 8)).toEqual(others.filter((_, i) => i !== 8));

      // Mark post 1 as posted: the date shows.
      await dialog.getByRole("button", { name: "Mark as posted: Post 1 of 10" }).click();
      await eventually(() => postAt(dialog, 1).getByTestId("listing-post-posted").textContent()).toMatch(/^Posted [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      expect(await seriousViolations(page, "[data-testid='listing-detail']")).toEqual([]);

      // Edit the listing's description: the posts are flagged until they are written again.
      await dialog.getByRole("button", { name: "Edit Listing" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Listing" });
      await edit.getByLabel("Property Description").fill("Turnkey restaurant on a signalized corner, now with a drive-thru.");
      await edit.getByRole("button", { name: "Update Listing" }).click();
      await edit.waitFor({ state: "detached" });
      const stale = dialog.getByTestId("listing-posts-stale");
      await eventually(() => stale.textContent()).toBe("The listing changed after these posts were written");
      await screenshot(page, `posts-stale-${device}`);
      // "Keep my edits" is on: the edited post survives regenerate-all.
      await dialog.getByTestId("listing-posts").getByRole("button", { name: "Regenerate", exact: true }).click();
      await eventually(() => stale.count()).toBe(0);
      expect(await postAt(dialog, 4).getByTestId("listing-post-text").textContent()).toBe(
        "Corner diner with a liquor license, now available. Ask me for the numbers.",
      );
      expect((await dialog.getByTestId("listing-post-text").allTextContents()).some((t) => t.includes("drive-thru"))).toBe(true);
    });
  }

  it("follows posts written in the background over the event stream, without polling", async () => {
    const context = await suite.context();
    await signInAsAdmin(context);
    const page = await context.newPage();
    // A fake clock that still runs by itself, so that ten seconds can pass at once below.
    await page.clock.install();
    await page.addInitScript(recordEventSources);
    const name = `${uniqueToken("posts")} Pending Depot`;
    const listing = await createListing(context, { listingName: name, city: "Fairmont" });
    const detailPath = `/api/listings/${listing.id}`;
    const detailReads: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname === detailPath) detailReads.push(request);
    });
    // The listing reads as if a remote model were still writing its posts, until a real change.
    let writing = true;
    await page.route(`**${detailPath}`, async (route) => {
      if (!writing || route.request().method() !== "GET") return route.fallback();
      const { "if-none-match": _unused, ...headers } = route.request().headers();
      const response = await route.fetch({ headers });
      await route.fulfill({ response, json: { ...(await response.json()), postsStatus: "pending", posts: [], aiGeneratedPosts: [] } });
    });
    // The stream's first "ready" reads again what waits for it: let it come before the dialog
    // opens, so that the one read counted below is the dialog's own.
    const dialog = await openDetails(page, name, {
      afterLoad: () => eventually(async () => (await streams(page)).some((stream) => stream.ready)).toBe(true),
    });
    await dialog.getByText("Writing posts...").waitFor();

    // Ten seconds pass: the old 2-second poll would have read the listing five more times.
    const before = detailReads.length;
    await page.clock.runFor(10_000);
    await page.evaluate(() => fetch("/api/health"));
    expect(detailReads.length).toBe(before);

    // The posts are stored (an edit of post 1 here): the stream says the listing changed, and
    // the dialog reads it again.
    writing = false;
    const edited = await context.request.patch(`${detailPath}/posts/0`, { data: { text: "Fairmont depot, ready for a new owner." } });
    expect(edited.status(), await edited.text()).toBe(200);
    await eventually(() => dialog.getByTestId("listing-post").count()).toBe(10);
    expect(await postAt(dialog, 1).getByTestId("listing-post-text").textContent()).toBe("Fairmont depot, ready for a new owner.");
  });
});
