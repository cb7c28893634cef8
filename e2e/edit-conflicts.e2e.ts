// Two people edit the same listing: the second save keeps the first's changes to other fields and
// asks only about a field both changed (docs/decisions/230-merging-crossing-edits.md); notes and
// agents still show who changed what, with Reload and Overwrite (docs/decisions/141-edit-conflict-reply.md).
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember, MEMBER_PASSWORD, signedInContext, signedInPage } from "./support/accounts";
import { addNote, createAgent, createListing, getListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, searchListings, toast } from "./support/ui";

async function openEditDialog(page: Page, token: string, name: string) {
  await page.goto("/");
  await searchListings(page, token);
  await card(page, name).getByTestId("listing-description").click();
  await page.getByTestId("listing-detail").getByRole("button", { name: "Edit Listing" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Listing" });
  await dialog.waitFor();
  return dialog;
}

async function saveFrom(page: Page, token: string, name: string, field: string, value: string) {
  const dialog = await openEditDialog(page, token, name);
  await dialog.getByLabel(field, { exact: true }).fill(value);
  await dialog.getByRole("button", { name: "Update Listing" }).click();
  await toast(page, "Listing updated successfully").first().waitFor();
  await dialog.waitFor({ state: "detached" });
}

const notesDialog = (page: Page) => page.getByTestId("notes-dialog");
const noteWith = (page: Page, text: string) => notesDialog(page).getByTestId("note").filter({ hasText: text });

async function editNoteIn(page: Page, token: string, name: string, text: string) {
  await page.goto("/");
  await searchListings(page, token);
  await card(page, name).getByRole("button", { name: /^View Notes/ }).click();
  await noteWith(page, text).getByRole("button", { name: "Edit note" }).click();
  return notesDialog(page).getByTestId("note-form");
}

describe("edit conflicts", () => {
  const suite = useSuite();

  /** The notice is on screen whole: inside the viewport, above the buttons, and what is drawn at its corners is the notice. */
  async function expectFullyVisible(page: Page, notice: Locator, footer: Locator) {
    const box = (await notice.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual((await footer.boundingBox())!.y);
    const inset = 3;
    const points = [
      [box.x + inset, box.y + inset],
      [box.x + box.width - inset, box.y + inset],
      [box.x + inset, box.y + box.height - inset],
      [box.x + box.width - inset, box.y + box.height - inset],
      [box.x + box.width / 2, box.y + box.height / 2],
    ];
    const onTop = await notice.evaluate(
      (el, pts) => pts.map(([x, y]) => el.contains(document.elementFromPoint(x, y))),
      points,
    );
    expect(onTop).toEqual(points.map(() => true));
  }

  // The probe's story.
  for (const device of ["desktop", "phone"] as const) {
    it(`keeps a teammate's change to other fields, and asks only about a field both changed (${device})`, async () => {
      const admin = await signedInContext(suite);
      const token = uniqueToken("cf");
      const member = await suite.context();
      const other = await createMember(admin, member, { username: `pat.${token}`, password: MEMBER_PASSWORD, email: `${token}@example.com` });
      const name = `${token} Harbor Warehouse`;
      const listing = await createListing(admin, { listingName: name, leaseRate: 18.5, leaseRateUnit: "per SF/yr", availableSizeSf: 2000, notes: "" });

      // I open the form; my teammate changes the lease rate and saves. My open form says so.
      const mine = await (await signedInContext(suite, { device })).newPage();
      const dialog = await openEditDialog(mine, token, name);
      await saveFrom(await member.newPage(), token, name, "Lease Rate", "$21");
      const heard = dialog.getByTestId("teammate-saved");
      await heard.waitFor();
      expect(await heard.textContent()).toContain(`${other.username} saved this listing just now`);
      await screenshot(mine, `teammate-saved-${device}`);

      // I change the available size and save: both changes are kept, and I am told of theirs.
      await dialog.getByLabel("Available Size (SF)").fill("3,500");
      await dialog.getByRole("button", { name: "Update Listing" }).click();
      const told = toast(mine, `${other.username} had changed Lease Rate meanwhile; both changes are kept.`);
      await told.waitFor();
      expect(await told.textContent()).toContain("Listing updated successfully");
      await dialog.waitFor({ state: "detached" });
      expect(await getListing(admin, listing.id)).toMatchObject({ leaseRate: 21, availableSizeSf: 3500, version: 3 });

      // Now we both change the available size: only that field is in question, theirs and mine.
      const again = await openEditDialog(mine, token, name);
      await saveFrom(await member.newPage(), token, name, "Available Size (SF)", "4,000");
      await again.getByLabel("Available Size (SF)").fill("4,200");
      await again.getByLabel("Notes (internal)").fill("Mine, beside theirs");
      await again.getByRole("button", { name: "Update Listing" }).click();
      const conflict = again.getByTestId("edit-conflict");
      await conflict.waitFor();
      expect(await conflict.textContent()).toContain(`${other.username} saved this listing`);
      expect(await conflict.getByTestId("conflict-field").locator("legend").allTextContents()).toEqual(["Available Size"]);
      expect(await conflict.getByTestId("conflict-theirs").allTextContents()).toEqual(["4,000"]);
      expect(await conflict.getByTestId("conflict-mine").allTextContents()).toEqual(["4,200"]);
      await expectFullyVisible(mine, conflict, again.getByRole("button", { name: "Update Listing" }));
      // The dialog itself did not scroll: its title is still on screen above the notice.
      expect((await again.getByRole("heading", { name: "Edit Listing" }).boundingBox())!.y).toBeGreaterThanOrEqual((await again.boundingBox())!.y);
      await screenshot(mine, `edit-conflict-${device}`);
      expect((await getListing(admin, listing.id)).notes).toBeNull();

      // Desktop keeps mine, the phone keeps theirs; my other change is saved either way.
      const keep = device === "desktop" ? "Mine" : "Theirs";
      await conflict.getByRole("radio", { name: new RegExp(`^${keep}`) }).check();
      await conflict.getByRole("button", { name: "Save with these values" }).click();
      await toast(mine, "Listing updated successfully").first().waitFor();
      await again.waitFor({ state: "detached" });
      expect(await getListing(admin, listing.id)).toMatchObject({
        leaseRate: 21,
        availableSizeSf: device === "desktop" ? 4200 : 4000,
        notes: "Mine, beside theirs",
      });
    });
  }

  it("shows a note changed in another tab, with Reload and Overwrite (phone and desktop)", async () => {
    const laptop = await signedInContext(suite);
    const token = uniqueToken("nc");
    const name = `${token} Depot`;
    const listing = await createListing(laptop, { listingName: name });
    await addNote(laptop, listing.id, "Call the owner");

    const phone = await (await signedInContext(suite, { device: "phone" })).newPage();
    const phoneForm = await editNoteIn(phone, token, name, "Call the owner");
    const desk = await laptop.newPage();
    const deskForm = await editNoteIn(desk, token, name, "Call the owner");
    await deskForm.getByLabel("Edit note").fill("Called the owner on Monday");
    await deskForm.getByRole("button", { name: "Save" }).click();
    await toast(desk, "Note updated").waitFor();

    await phoneForm.getByLabel("Edit note").fill("Owner wants a call back");
    await phoneForm.getByRole("button", { name: "Save" }).click();
    const conflict = notesDialog(phone).getByTestId("edit-conflict");
    await conflict.waitFor();
    expect(await conflict.getByRole("definition").allTextContents()).toEqual(["Called the owner on Monday"]);
    await screenshot(phone, "note-conflict-phone");
    await conflict.getByRole("button", { name: "Reload" }).click();
    await conflict.waitFor({ state: "detached" });
    expect(await phoneForm.getByLabel("Edit note").inputValue()).toBe("Called the owner on Monday");

    // Changed again on the laptop; this time the phone overwrites.
    const deskAgain = await editNoteIn(desk, token, name, "Called the owner on Monday");
    await deskAgain.getByLabel("Edit note").fill("Left a voicemail");
    await deskAgain.getByRole("button", { name: "Save" }).click();
    await toast(desk, "Note updated").waitFor();
    await phoneForm.getByLabel("Edit note").fill("Owner signs Friday");
    await phoneForm.getByRole("button", { name: "Save" }).click();
    await conflict.waitFor();
    await conflict.getByRole("button", { name: "Overwrite" }).click();
    await noteWith(phone, "Owner signs Friday").waitFor();
    await phoneForm.waitFor({ state: "detached" });
  });

  it("shows an agent changed since the form opened, and saves after Reload", async () => {
    const { context, page } = await signedInPage(suite);
    const name = `Jamie ${uniqueToken("ag")}`;
    const agent = await createAgent(context, name);
    await page.goto("/agents");
    await page.getByTestId("agent-row").filter({ hasText: name }).getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Agent" });
    await dialog.waitFor();

    // Someone else changes the phone meanwhile.
    const other = await signedInContext(suite);
    const res = await other.request.patch(`/api/agents/${agent.id}`, { data: { phone: "304-555-0142" } });
    expect(res.status()).toBe(200);

    await dialog.getByRole("textbox", { name: "Name" }).fill(`${name} Sr`);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    const conflict = dialog.getByTestId("edit-conflict");
    await conflict.waitFor();
    expect(await conflict.getByRole("term").allTextContents()).toEqual(["Phone"]);
    expect(await conflict.getByRole("definition").allTextContents()).toEqual(["304-555-0142"]);
    await conflict.getByRole("button", { name: "Reload" }).click();
    expect(await dialog.getByRole("textbox", { name: "Phone" }).inputValue()).toBe("304-555-0142");
    await dialog.getByRole("textbox", { name: "Name" }).fill(`${name} Sr`);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Agent updated successfully").waitFor();
    await dialog.waitFor({ state: "detached" });
  });
});
