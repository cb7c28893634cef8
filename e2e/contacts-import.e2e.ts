// Contacts through the import wizard, on a desktop and a phone: from the Contacts page the wizard
// opens with Contacts chosen; another tool's headers are mapped to contact fields, the preview
// says which rows are new, which fill a contact the team has (matched by email in any case) and
// which fail; the import adds them, and its undo takes them away and puts back what it filled.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { uniqueToken } from "./support/listings";
import { expectPath, screenshot, useSuite } from "./support/suite";
import { sidewaysOverflow } from "./support/tap-targets";
import { eventually } from "./support/ui";

const wizard = (page: Page) => page.getByTestId("import-wizard");
const column = (page: Page, index: number) => page.locator(`[data-testid=mapping-column][data-column="${index}"]`);
const count = (page: Page, action: string) => page.getByTestId(`preview-count-${action}`).getAttribute("data-count");

async function atStep(page: Page, step: string) {
  await eventually(() => wizard(page).getAttribute("data-step")).toBe(step);
}

async function contactByEmail(context: BrowserContext, email: string) {
  const found = (await (await context.request.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json()) as { id: number; phone: string | null; company: string | null; tags: string[] }[];
  return found[0];
}

describe("contacts import", () => {
  const suite = useSuite();

  for (const device of ["desktop", "phone"] as const) {
    it(`opens the wizard from Contacts, maps, previews, imports, shows the contacts and undoes (${device})`, async () => {
      const { context, page } = await signedInPage(suite, { device });
      const token = uniqueToken("ci");
      const known = `${token}-known@example.com`;
      const [ada, bo] = [`${token}-ada@example.com`, `${token}-bo@example.com`];
      await context.request.post("/api/contacts", { data: { name: "Known Person", email: known, tags: ["vip"] } });
      const file = [
        "Full Name,E-mail,Company name,Mobile,Categories",
        `Ada ${token},${ada},Ada Co,304-555-0101,buyer`,
        `Bo ${token},${bo},,,`,
        `Someone Else,${known.toUpperCase()},File Co,304-555-0100,buyer`,
        `Broken ${token},not-an-email,,,`,
      ].join("\r\n");

      await page.goto("/contacts");
      await page.getByRole("heading", { level: 1, name: "Contacts" }).waitFor();
      await page.getByTestId("import-contacts").click();
      await expectPath(page, "/imports/new", "?target=contacts");
      await atStep(page, "file");
      expect(await page.getByRole("radio", { name: /Contacts/ }).isChecked()).toBe(true);
      await page.getByTestId("wizard-file-input").setInputFiles({ name: "crm-export.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
      await atStep(page, "map");

      // The headers suggest the fields; "Categories" names none, and is mapped to Tags by hand.
      expect(await column(page, 1).getByTestId("mapping-target").inputValue()).toBe("email");
      expect(await column(page, 2).getByTestId("mapping-target").inputValue()).toBe("company");
      expect(await column(page, 3).getByTestId("mapping-target").inputValue()).toBe("phone");
      expect(await column(page, 4).getByTestId("mapping-target").inputValue()).toBe("");
      await column(page, 1).getByTestId("mapping-target").selectOption("");
      await page.getByTestId("mapping-problems").getByText("Map a column to Email").waitFor();
      expect(await page.getByRole("button", { name: "Preview", exact: true }).isDisabled()).toBe(true);
      await column(page, 1).getByTestId("mapping-target").selectOption("email");
      await column(page, 4).getByTestId("mapping-target").selectOption("tags");
      if (device === "phone") expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, `contacts-import-map-${device}`);

      await page.getByRole("button", { name: "Preview", exact: true }).click();
      await atStep(page, "preview");
      expect([await count(page, "create"), await count(page, "update"), await count(page, "unchanged"), await count(page, "fail")]).toEqual(["2", "1", "0", "1"]);
      const merged = page.getByTestId("preview-row").filter({ hasText: known });
      expect(await merged.getAttribute("data-action")).toBe("update");
      expect(await merged.getByTestId("preview-changes").textContent()).toBe("Phone: empty → 304-555-0100Company: empty → File CoTags: vip → vip, buyer");
      expect(await page.getByTestId("preview-row").filter({ hasText: "not-an-email" }).getByTestId("preview-errors").textContent()).toBe(
        "Email: Please enter a valid email address",
      );
      // Nothing is written before the import.
      expect(await contactByEmail(context, ada)).toBeUndefined();
      expect(await seriousViolations(page, "main")).toEqual([]);
      await screenshot(page, `contacts-import-preview-${device}`);

      await page.getByTestId("commit-import").click();
      await atStep(page, "result");
      expect(await page.getByTestId("result-created").locator("dd").textContent()).toBe("2");
      expect(await page.getByTestId("result-updated").locator("dd").textContent()).toBe("1");
      await page.getByTestId("wizard-result").getByRole("link", { name: "Contacts", exact: true }).click();
      await expectPath(page, "/contacts");
      await page.getByTestId(device === "desktop" ? "contact-row" : "contact-card").filter({ hasText: ada }).waitFor();
      expect(await contactByEmail(context, known)).toMatchObject({ phone: "304-555-0100", company: "File Co", tags: ["vip", "buyer"] });

      // The history shows it as a contacts import, with its undo.
      await page.goto("/imports");
      const item = page.getByTestId("import-history-item").filter({ hasText: "crm-export.csv" }).first();
      expect(await item.getByTestId("import-target").textContent()).toBe("Contacts");
      await item.getByTestId("undo-import").click();
      const confirm = page.getByTestId("undo-confirm");
      await confirm.getByText("The 2 contacts that crm-export.csv created will be deleted").waitFor();
      await confirm.getByRole("button", { name: "Undo import" }).click();
      await eventually(() => item.getByTestId("undo-summary").textContent()).toContain("2 contacts deleted, 1 contact restored");
      expect(await contactByEmail(context, ada)).toBeUndefined();
      expect(await contactByEmail(context, bo)).toBeUndefined();
      expect(await contactByEmail(context, known)).toMatchObject({ phone: null, company: null, tags: ["vip"] });
    });
  }
});
