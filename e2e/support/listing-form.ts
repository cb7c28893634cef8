// Driving the Add New Listing dialog, shared by the form and image journeys.
import type { Locator, Page } from "playwright-core";

export async function openAddDialog(page: Page): Promise<Locator> {
  await page.goto("/");
  await page.getByRole("heading", { name: "Active Listings", level: 1 }).waitFor();
  await page.getByRole("button", { name: "Add New Listing" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add New Listing" });
  await dialog.waitFor();
  return dialog;
}

export async function choose(page: Page, dialog: Locator, label: string, option: string | RegExp) {
  await dialog.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: typeof option === "string" }).click();
}

export interface RequiredFields {
  address: string;
  city: string;
  /** The State option's text, e.g. "WV (West Virginia)". */
  state: string;
  offeringType: string;
  category: RegExp;
  description: string;
}

export async function fillRequired(page: Page, dialog: Locator, name: string, fields: RequiredFields) {
  await dialog.getByLabel("Listing Name").fill(name);
  await dialog.getByLabel("Address").fill(fields.address);
  await dialog.getByLabel("City").fill(fields.city);
  await choose(page, dialog, "State", fields.state);
  await choose(page, dialog, "Offering Type", fields.offeringType);
  await choose(page, dialog, "Marketing Category", fields.category);
  await dialog.getByLabel("Property Description").fill(fields.description);
}
