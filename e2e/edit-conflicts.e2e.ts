// Edit conflicts: two people edit the same listing; the second save is not silently lost over
// the first, but shows who changed what, with Reload and Overwrite
// (docs/decisions/141-edit-conflict-reply.md).
import type { Page } from "playwright-core";
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
  await dialog.getByLabel(field).fill(value);
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

  for (const device of ["desktop", "phone"] as const) {
    it(`shows who changed a listing first, with Reload and Overwrite (${device})`, async () => {
      const admin = await signedInContext(suite);
      const token = uniqueToken("cf");
      const member = await suite.context();
      const other = await createMember(admin, member, { username: `pat.${token}`, password: MEMBER_PASSWORD, email: `${token}@example.com` });
      const name = `${token} Harbor Warehouse`;
      const listing = await createListing(admin, { listingName: name, city: "Morgantown", notes: "" });

      // Both open the Edit dialog; the member saves first.
      const mine = await (await signedInContext(suite, { device })).newPage();
      const dialog = await openEditDialog(mine, token, name);
      await saveFrom(await member.newPage(), token, name, "City", "Elkins");

      // My save, from the version I opened, is refused and explained.
      await dialog.getByLabel("Notes (internal)").fill("Mine, first try");
      await dialog.getByRole("button", { name: "Update Listing" }).click();
      const conflict = dialog.getByTestId("edit-conflict");
      await conflict.waitFor();
      expect(await conflict.textContent()).toContain(`${other.username} saved this listing`);
      expect(await conflict.getByRole("definition").allTextContents()).toEqual(["Elkins"]);
      expect(await conflict.getByRole("term").allTextContents()).toEqual(["City"]);
      await screenshot(mine, `edit-conflict-${device}`);
      expect((await getListing(admin, listing.id)).notes).toBeNull();

      // Reload takes their version into the form; saving then works.
      await conflict.getByRole("button", { name: "Reload" }).click();
      await conflict.waitFor({ state: "detached" });
      expect(await dialog.getByLabel("City").inputValue()).toBe("Elkins");
      expect(await dialog.getByLabel("Notes (internal)").inputValue()).toBe("");

      // They save again while I type; this time I overwrite.
      await saveFrom(await member.newPage(), token, name, "Notes (internal)", "Theirs");
      await dialog.getByLabel("Notes (internal)").fill("Mine wins");
      await dialog.getByRole("button", { name: "Update Listing" }).click();
      await conflict.waitFor();
      expect(await conflict.getByRole("term").allTextContents()).toEqual(["Notes"]);
      await conflict.getByRole("button", { name: "Overwrite" }).click();
      await toast(mine, "Listing updated successfully").first().waitFor();
      await dialog.waitFor({ state: "detached" });
      expect(await getListing(admin, listing.id)).toMatchObject({ city: "Elkins", notes: "Mine wins" });
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
