import { describe, expect, it } from "vitest";
import { createMember, MEMBER_PASSWORD, signedInContext } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { TIMEOUT } from "../testing/timeouts.ts";

// Settings' Backups section: admins see the schedule and the last backup; members see nothing of it.
describe("backup status in Settings", () => {
  const suite = useSuite({ serverEnv: { BACKUP_SCHEDULE: "04:30" } });

  it("shows admins the backup status and hides it from members", async () => {
    const admin = await signedInContext(suite);
    const page = await admin.newPage();
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Backups" });
    await section.getByText("No backup has been taken yet.").waitFor();
    expect(await section.textContent()).toContain("Daily at 04:30 server time");
    expect(await section.textContent()).toContain("A copy on the same disk is not a backup");
    await screenshot(page, "settings-backups-desktop");
    expect(await seriousViolations(page, "[aria-labelledby=backups-heading]")).toEqual([]);

    // A failed backup's notice opens /settings#backups: on a phone's screen the section, below
    // the screen at /settings, is in view once it has loaded.
    await page.setViewportSize({ width: 390, height: 844 });
    const sectionTop = () => section.evaluate((el) => Math.round(el.getBoundingClientRect().top));
    await page.goto("/settings");
    await section.getByText("No backup has been taken yet.").waitFor();
    expect(await sectionTop()).toBeGreaterThan(844);
    await page.goto("/settings#backups");
    await section.getByText("No backup has been taken yet.").waitFor();
    await expect.poll(sectionTop).toBeLessThan(844 - 100);
    expect(await sectionTop()).toBeGreaterThanOrEqual(0);

    const member = await suite.context();
    const name = `member${uniqueToken("bk")}`;
    await createMember(admin, member, { username: name, password: MEMBER_PASSWORD, email: `${name}@example.com` });
    const memberPage = await member.newPage();
    await memberPage.goto("/settings");
    await memberPage.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await memberPage.getByLabel("Loading settings").waitFor({ state: "detached" });
    expect(await memberPage.locator("#backups-heading").count()).toBe(0);
  }, TIMEOUT.longBrowserTest);
});

// With BACKUP_TARGET, the section says where every backup is copied.
describe("backup target in Settings", () => {
  const suite = useSuite({ serverEnv: { BACKUP_SCHEDULE: "04:30", BACKUP_TARGET: "s3://team-backups/desk" } });

  it("names the bucket backups are copied to", async () => {
    const admin = await signedInContext(suite);
    const page = await admin.newPage();
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Backups" });
    await section.getByText("No backup has been taken yet.").waitFor();
    expect(await section.textContent()).toContain("Each backup is then copied to s3://team-backups/desk/.");
    expect(await section.textContent()).not.toContain("A copy on the same disk is not a backup");
  }, TIMEOUT.longBrowserTest);
});
