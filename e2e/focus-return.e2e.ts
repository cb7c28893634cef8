// Keyboard and screen-reader users never lose their place: closing any dialog or menu
// puts focus back on the control that opened it,
// on a desktop and on a 390x844 touch screen, and Escape closes a dialog before a toast.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { addNote, createAgent, createListing } from "./support/listings";
import { useSuite } from "./support/suite";
import { card, eventually, gotoListings, toast } from "./support/ui";
import { TIMEOUT } from "../testing/timeouts.ts";

// Each device's test makes its own listing (the file shares one server).
const LISTING: Record<"desktop" | "phone", string> = { desktop: "Focus Plaza", phone: "Focus Plaza On A Phone" };
let listingName = LISTING.desktop;

interface Case {
  name: string;
  device: "desktop" | "phone";
  path: string;
  /** Whatever has to be open first (the dialog the opener sits in). */
  before?: (page: Page) => Promise<void>;
  /** The control that opens it; `open` clicks it unless given. */
  opener: (page: Page) => Locator;
  open?: (page: Page, opener: Locator) => Promise<void>;
  /** What opened: a dialog, an alert dialog or a menu. */
  opened: (page: Page) => Locator;
  /** How it is closed: Escape unless given. */
  close?: (page: Page, opened: Locator) => Promise<void>;
  /** Where focus must land, when not the opener (a card opened by a click returns to View Details). */
  expected?: (page: Page) => Locator;
}

const listingCard = (page: Page) => card(page, listingName);
const detail = (page: Page) => page.getByTestId("listing-detail");
const dialogNamed = (name: string | RegExp) => (page: Page) => page.getByRole("dialog", { name });
const alertDialog = (page: Page) => page.getByRole("alertdialog");
const cancel = async (_page: Page, opened: Locator) => opened.getByRole("button", { name: "Cancel" }).click();
const openDetail = async (page: Page) => {
  await listingCard(page).getByRole("button", { name: "View Details" }).click();
  await detail(page).getByRole("button", { name: "Edit Listing" }).and(page.locator(":enabled")).waitFor();
};
const openAddListing = async (page: Page) => {
  await page.getByRole("button", { name: "Add New Listing" }).first().click();
  await dialogNamed("Add New Listing")(page).waitFor();
};
const selectListing = async (page: Page) => {
  await listingCard(page).getByRole("checkbox", { name: `Select ${listingName}` }).click();
  await page.getByTestId("selection-bar").waitFor();
};

const CASES: Case[] = [
  { name: "details from View Details", device: "desktop", path: "/", opener: (p) => listingCard(p).getByRole("button", { name: "View Details" }), opened: detail },
  {
    name: "details from a click on the card",
    device: "desktop",
    path: "/",
    opener: (p) => listingCard(p).getByTestId("listing-description"),
    opened: detail,
    expected: (p) => listingCard(p).getByRole("button", { name: "View Details" }),
  },
  { name: "add note", device: "desktop", path: "/", opener: (p) => listingCard(p).getByRole("button", { name: "Add Note" }), opened: dialogNamed(/Notes/) },
  { name: "view notes", device: "desktop", path: "/", opener: (p) => listingCard(p).getByRole("button", { name: /^View Notes/ }), opened: dialogNamed(/Notes/) },
  { name: "add listing", device: "desktop", path: "/", opener: (p) => p.getByRole("button", { name: "Add New Listing" }).first(), opened: dialogNamed("Add New Listing") },
  { name: "import", device: "desktop", path: "/", opener: (p) => p.getByRole("button", { name: "Import CSV" }), opened: (p) => p.getByTestId("import-dialog") },
  { name: "edit from the details", device: "desktop", path: "/", before: openDetail, opener: (p) => detail(p).getByRole("button", { name: "Edit Listing" }), opened: dialogNamed("Edit Listing") },
  { name: "delete confirmation in the details", device: "desktop", path: "/", before: openDetail, opener: (p) => detail(p).getByRole("button", { name: "Delete Listing" }), opened: alertDialog, close: cancel },
  { name: "upload from the listing form", device: "desktop", path: "/", before: openAddListing, opener: (p) => p.getByRole("button", { name: "Upload Image" }), opened: dialogNamed("Upload Image") },
  { name: "bulk edit", device: "desktop", path: "/", before: selectListing, opener: (p) => p.getByRole("button", { name: "Bulk Edit" }), opened: (p) => p.getByRole("dialog") },
  { name: "delete selected", device: "desktop", path: "/", before: selectListing, opener: (p) => p.getByRole("button", { name: "Delete Selected" }), opened: alertDialog, close: cancel },
  {
    name: "user menu",
    device: "desktop",
    path: "/",
    opener: (p) => p.getByTestId("desktop-sidebar").getByRole("button", { name: /account menu/ }),
    opened: (p) => p.getByRole("menu"),
  },
  { name: "bell", device: "desktop", path: "/", opener: (p) => p.getByTestId("desktop-sidebar").getByRole("button", { name: /^Notifications/ }), opened: dialogNamed("Notifications") },
  { name: "add agent", device: "desktop", path: "/agents", opener: (p) => p.getByRole("button", { name: "Add Agent" }).first(), opened: dialogNamed("Add Agent") },
  { name: "edit agent", device: "desktop", path: "/agents", opener: (p) => p.getByRole("button", { name: "Edit Dana Broker" }), opened: dialogNamed("Edit Agent") },
  { name: "delete agent", device: "desktop", path: "/agents", opener: (p) => p.getByRole("button", { name: "Delete Dana Broker" }), opened: alertDialog, close: cancel },
  { name: "invite", device: "desktop", path: "/team", opener: (p) => p.getByRole("button", { name: "Invite Teammate" }).first(), opened: (p) => p.getByRole("dialog") },
  { name: "details on a phone", device: "phone", path: "/", opener: (p) => listingCard(p).getByRole("button", { name: "View Details" }), opened: detail },
  {
    name: "import from the phone's menu returns to the menu's button",
    device: "phone",
    path: "/",
    opener: (p) => p.getByRole("button", { name: "Import and export" }),
    open: async (p, opener) => {
      await opener.click();
      await p.getByRole("menuitem", { name: "Import CSV" }).click();
    },
    opened: (p) => p.getByTestId("import-dialog"),
  },
  { name: "navigation drawer", device: "phone", path: "/", opener: (p) => p.getByRole("button", { name: "Open navigation" }), opened: (p) => p.getByTestId("mobile-drawer") },
  { name: "bell on a phone", device: "phone", path: "/", opener: (p) => p.locator("header").getByRole("button", { name: /^Notifications/ }), opened: dialogNamed("Notifications") },
  { name: "add note on a phone", device: "phone", path: "/", opener: (p) => listingCard(p).getByRole("button", { name: "Add Note" }), opened: dialogNamed(/Notes/) },
];

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

async function openScreen(page: Page, path: string) {
  if (path === "/") return gotoListings(page);
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: TIMEOUT.pageCode });
}

describe("focus returns to what opened a dialog or menu", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`on a ${device}`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      listingName = LISTING[device];
      const agent = device === "desktop" ? await createAgent(context, "Dana Broker") : null;
      const listing = await createListing(context, { listingName, agentId: agent?.id ?? null });
      await addNote(context, listing.id, "Call the owner back");
      const failures: string[] = [];

      for (const c of CASES.filter((x) => x.device === device)) {
        await openScreen(page, c.path);
        await c.before?.(page);
        const opener = c.opener(page);
        await (c.open ? c.open(page, opener) : opener.click());
        const opened = c.opened(page);
        await opened.waitFor();
        await (c.close ? c.close(page, opened) : page.keyboard.press("Escape"));
        await opened.waitFor({ state: "hidden" });
        const expected = c.expected?.(page) ?? opener;
        try {
          await eventually(() => isFocused(expected)).toBe(true);
        } catch {
          failures.push(`${c.name}: focus on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`);
        }
      }
      expect(failures).toEqual([]);
    }, TIMEOUT.longBrowserTest);
  }

  it("stays in the details after an edit saved from them, and returns to the card when they close", async () => {
    const { context, page } = await signedInPage(suite);
    const listing = await createListing(context, { listingName: "Edit Me Plaza" });
    await gotoListings(page);
    const view = card(page, "Edit Me Plaza").getByRole("button", { name: "View Details" });
    await view.click();
    const details = detail(page);
    const edit = details.getByRole("button", { name: "Edit Listing" });
    await edit.and(page.locator(":enabled")).waitFor();
    await edit.click();
    const form = dialogNamed("Edit Listing")(page);
    await form.getByLabel("Listing Name").fill("Edited Plaza");
    await form.getByRole("button", { name: "Update Listing" }).click();
    await form.waitFor({ state: "hidden" });
    await details.getByRole("heading", { name: "Edited Plaza" }).waitFor();
    await eventually(() => isFocused(edit)).toBe(true);

    // The card re-rendered with the new name; focus finds its View Details again.
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });
    const renamed = page.locator(`[data-listing-id="${listing.id}"]`).getByRole("button", { name: "View Details" });
    await eventually(() => isFocused(renamed)).toBe(true);
  });

  for (const device of ["desktop", "phone"] as const) {
    it(`Escape closes the dialog before it dismisses a toast (${device})`, async () => {
      const { page } = await signedInPage(suite, { device });
      await gotoListings(page);
      await openAddListing(page);
      const dialog = dialogNamed("Add New Listing")(page);
      // Use Image with no flyer link: an error toast appears while the dialog is open.
      await dialog.getByRole("button", { name: "Use Image" }).click();
      const message = toast(page, "Please enter a flyer URL first");
      await message.waitFor();

      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await message.isVisible()).toBe(true);

      await page.keyboard.press("Escape");
      await message.waitFor({ state: "hidden" });
      if (device === "phone") expect(await seriousViolations(page, "main")).toEqual([]);
    });
  }
});
