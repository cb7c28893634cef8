// Contacts, on a desktop and a phone: a member adds a contact with interests, finds it by the
// page's search, sees it among the "N contacts match" of a listing that fits them, adds it to a
// new list, exports the CSV, and opens it from its lead page.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { downloadBy } from "./support/downloads";
import { createListing, uniqueToken } from "./support/listings";
import { expectPath, screenshot, useSuite } from "./support/suite";

describe("contacts", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`adds a contact with interests, finds it matching a listing, lists it and exports it (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const name = `Morgan ${uniqueToken("c")}`;
      const email = `${uniqueToken("morgan")}@example.com`;
      const shown = (scope = page) => scope.getByTestId(device === "desktop" ? "contact-row" : "contact-card").filter({ hasText: email });

      await page.goto("/contacts");
      await page.getByRole("heading", { level: 1, name: "Contacts" }).waitFor();
      await page.getByRole("button", { name: "Add contact" }).click();
      const form = page.getByRole("form", { name: "Add contact" });
      await form.getByLabel("Name").fill(name);
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Industrial").check();
      await form.getByLabel("West Virginia").check();
      await form.getByRole("button", { name: "Add contact" }).click();
      await form.waitFor({ state: "detached" });
      await shown().waitFor();
      // The page filters the whole book it holds: the new name alone, and the count says so.
      const search = page.getByRole("searchbox", { name: "Search contacts" });
      await search.fill(name);
      await expect.poll(() => page.getByTestId(device === "desktop" ? "contact-row" : "contact-card").count()).toBe(1);
      await page.getByTestId("contacts-count").filter({ hasText: /^1 contact\b/ }).waitFor();
      await screenshot(page, `contacts-search-${device}`);
      await search.fill("");

      const listing = await createListing(context, { listingName: `${uniqueToken("m")} Mill Street Warehouse`, state: "WV", propertyType: "Industrial" });
      await page.goto(`/listings/${listing.id}`);
      await page.getByTestId("matching-contacts-link").filter({ hasText: /contacts? match/ }).click();
      await expectPath(page, "/contacts", `?listing=${listing.id}`);
      await shown().waitFor();
      await screenshot(page, `contacts-matching-${device}`);

      const listName = `Warehouse buyers ${uniqueToken("l")}`;
      await shown().getByRole("checkbox", { name: `Select ${name}` }).check();
      await page.getByRole("textbox", { name: "New list name" }).fill(listName);
      await page.getByRole("button", { name: "Add 1 selected to list" }).click();
      await page.getByRole("status").filter({ hasText: `“${listName}” has 1 contact` }).waitFor();
      const lists = (await (await context.request.get("/api/contact-lists")).json()) as { name: string; memberCount: number }[];
      expect(lists.find((l) => l.name === listName)?.memberCount).toBe(1);

      const { path } = await downloadBy(page, () => page.getByRole("link", { name: "Export CSV" }).click());
      expect(fs.readFileSync(path, "utf8")).toContain(`${name},${email}`);
      // A contact is a lead: its lead page opens it back on the Contacts page.
      const [contact] = (await (await context.request.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json()) as { id: number }[];
      await page.goto(`/leads/${contact.id}`);
      await page.getByRole("link", { name: "Open as a contact" }).click();
      await expectPath(page, "/contacts", `?q=${encodeURIComponent(email)}`);
      await shown().waitFor();
      if (device === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }
});
