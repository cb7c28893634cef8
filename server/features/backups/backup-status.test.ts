// What admins see of backups: the last one's time, size and result in Settings (members are
// refused), a failure in the bell, and the schedule taking one backup per scheduled time through
// the job queue. On the embedded database: a backup here snapshots this process's own database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../env.js";
import { seedRecurringJobs, runDueJobs } from "../../jobs/worker.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { backupConfigFrom, backupJobHandlers, backupStatus, runBackup, type BackupConfig } from "./service.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "backup-status-"));
const env = loadEnv({ DATA_DIR: root, BACKUP_DIR: path.join(root, "backups"), BACKUP_KEEP: "7", BACKUP_SCHEDULE: "03:00" });
const config: BackupConfig = backupConfigFrom(env, "s".repeat(40));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ backups: config }, { embedded: true });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("backup status in Settings", () => {
  it("shows admins the last backup's time, size and result, and refuses members", async () => {
    const admin = await ctx.userAgent({ isAdmin: true });
    const member = await ctx.userAgent();
    const before = (await admin.agent.get("/api/backups/status").expect(200)).body;
    expect(before).toMatchObject({ schedule: "03:00", directory: env.BACKUP_DIR, keep: 7, last: null });
    expect(new Date(before.nextAt).getHours()).toBe(3);

    const result = await runBackup(ctx.db, config, { trigger: "command" });
    const after = (await admin.agent.get("/api/backups/status").expect(200)).body;
    expect(after.last).toMatchObject({ ok: true, file: path.basename(result.file), bytes: fs.statSync(result.file).size, error: null });
    expect(Date.parse(after.last.finishedAt)).toBeGreaterThanOrEqual(Date.parse(after.last.startedAt));
    expect((await member.agent.get("/api/backups/status")).status).toBe(403);
  }, TIMEOUT.slow);

  it("records a failed backup and tells the admins in the bell, not the members", async () => {
    const admin = await ctx.userAgent({ isAdmin: true });
    const member = await ctx.userAgent();
    const blocked = path.join(root, "not-a-folder");
    fs.writeFileSync(blocked, "a file where the backups folder should be");
    await expect(runBackup(ctx.db, { ...config, dir: blocked }, { trigger: "scheduled" })).rejects.toThrow();

    const { last } = (await admin.agent.get("/api/backups/status").expect(200)).body;
    expect(last).toMatchObject({ ok: false, file: null, bytes: null, error: expect.stringContaining("not-a-folder") });
    const bell = (await admin.agent.get("/api/notifications").expect(200)).body;
    expect(bell[0]).toMatchObject({ type: "backup-failed", listingId: null, noteId: null, isRead: false });
    expect(bell[0].message).toMatch(/^The scheduled backup failed: .*not-a-folder/);
    expect((await member.agent.get("/api/notifications").expect(200)).body).toEqual([]);
  }, TIMEOUT.slow);

  it("says where backups are copied, and a copy that fails is a failed backup whose file stays here", async () => {
    const admin = await ctx.userAgent({ isAdmin: true });
    // Nothing listens on port 9: the bucket cannot be reached.
    const unreachable = backupConfigFrom(
      loadEnv({ DATA_DIR: root, BACKUP_DIR: path.join(root, "copied"), BACKUP_TARGET: "s3://team-backups/desk", S3_ENDPOINT: "http://127.0.0.1:9", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" }),
      "s".repeat(40),
    );
    const app = await createTestContext({ backups: unreachable }, { embedded: true });
    try {
      const agent = await app.signIn(await app.createUser({ isAdmin: true }));
      expect((await agent.get("/api/backups/status").expect(200)).body).toMatchObject({ target: "s3://team-backups/desk/", last: null });
      await expect(runBackup(app.db, unreachable, { trigger: "command" })).rejects.toThrow(/could not be copied to s3:\/\/team-backups\/desk\/listing-desk-/);
      const { last } = (await agent.get("/api/backups/status").expect(200)).body;
      expect(last).toMatchObject({ ok: false, copiedTo: null, error: expect.stringMatching(/^The backup was written to .*copied.*listing-desk-.* but could not be copied to s3:\/\/team-backups\/desk\//) });
      expect(fs.existsSync(path.join(root, "copied", last.file))).toBe(true);
    } finally {
      await app.close();
    }
    // Without BACKUP_TARGET the status says so, and the last backup stayed on the server.
    const status = (await admin.agent.get("/api/backups/status").expect(200)).body;
    expect(status).toMatchObject({ target: null });
    expect(status.last.copiedTo).toBeNull();
  }, TIMEOUT.slow);
});

describe("the schedule", () => {
  it("takes one backup once the scheduled time has passed, and no second until the next", async () => {
    const dir = path.join(root, "scheduled");
    const scheduled: BackupConfig = { ...config, dir };
    const handlers = backupJobHandlers(scheduled);
    await seedRecurringJobs(ctx.db, handlers);
    const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith(".tar.gz")) : []);

    // Now: the latest 03:00 came before the job existed (a new workspace waits for the next one).
    await runDueJobs(ctx.db, handlers);
    expect(files()).toEqual([]);
    // 04:00 tomorrow, not "now plus a day": a run a few minutes before 03:00 would otherwise see a
    // second 03:00 pass between the two looks and rightly take a second backup.
    const next = new Date(Date.now() + 24 * 60 * 60_000);
    const tomorrow = new Date(next.getFullYear(), next.getMonth(), next.getDate(), 4, 0);
    expect((await runDueJobs(ctx.db, handlers, { now: tomorrow })).done).toBe(1);
    expect(files()).toHaveLength(1);
    // Six minutes later the job looks again: this time's backup is taken.
    expect((await runDueJobs(ctx.db, handlers, { now: new Date(tomorrow.getTime() + 6 * 60_000) })).done).toBe(1);
    expect(files()).toHaveLength(1);
  }, TIMEOUT.slow);

  it("tries a failed scheduled backup again after 15, 60 and 180 minutes, saying when in the bell and the status", async () => {
    const admin = await ctx.userAgent({ isAdmin: true });
    const blocked = path.join(root, "blocked-scheduled");
    fs.writeFileSync(blocked, "a file where the backups folder should be");
    const failing: BackupConfig = { ...config, dir: blocked };
    const handlers = backupJobHandlers(failing);
    await seedRecurringJobs(ctx.db, handlers);
    // 04:00 three days from now: that day's 03:00 is due, and no backup was taken for it.
    const day = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    const at = (hh: number, mm: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), hh, mm);
    const bell = async () => ((await admin.agent.get("/api/notifications").expect(200)).body as { message: string }[]).map((n) => n.message);
    const tick = (now: Date) => runDueJobs(ctx.db, handlers, { now });

    await tick(at(4, 0));
    expect(await bell()).toEqual([expect.stringMatching(/^The scheduled backup failed: .*blocked-scheduled.* It will be tried again at 04:15\.$/)]);
    expect((await backupStatus(ctx.db, failing, at(4, 1))).retryAt).toEqual(at(4, 15));

    await tick(at(4, 6));
    expect(await bell()).toHaveLength(1);
    await tick(at(4, 16));
    expect((await bell())[0]).toMatch(/tried again at 05:16\.$/);
    await tick(at(5, 17));
    expect((await bell())[0]).toMatch(/tried again at 08:17\.$/);
    await tick(at(8, 18));
    expect((await bell())[0]).toMatch(/No more tries today: the next is at the scheduled time\.$/);
    expect((await backupStatus(ctx.db, failing, at(8, 19))).retryAt).toBeNull();
    await tick(at(12, 0));
    expect(await bell()).toHaveLength(4);
  }, TIMEOUT.slow);

  it("is off with BACKUP_SCHEDULE=off", async () => {
    const off = backupConfigFrom({ ...env, BACKUP_SCHEDULE: "off" }, "s".repeat(40));
    expect(off.schedule).toBeNull();
    const app = await createTestContext({ backups: off }, { embedded: true });
    try {
      const status = (await (await app.signIn(await app.createUser({ isAdmin: true }))).get("/api/backups/status").expect(200)).body;
      expect(status).toMatchObject({ schedule: "off", nextAt: null });
    } finally {
      await app.close();
    }
  }, TIMEOUT.slow);

  it("refuses a schedule or a count it cannot read, naming the variable", () => {
    expect(() => loadEnv({ BACKUP_SCHEDULE: "3am" })).toThrow(/BACKUP_SCHEDULE: must be a time of day as HH:MM/);
    expect(() => loadEnv({ BACKUP_SCHEDULE: "24:00" })).toThrow(/BACKUP_SCHEDULE/);
    expect(() => loadEnv({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
    expect(loadEnv({ DATA_DIR: "/srv/desk" }).BACKUP_DIR).toBe("/srv/desk/backups");
    expect(() => loadEnv({ BACKUP_TARGET: "/mnt/backups" })).toThrow(/BACKUP_TARGET: must be an S3 bucket as s3:\/\/<bucket>/);
    expect(() => loadEnv({ BACKUP_TARGET: "s3://Team_Backups/x" })).toThrow(/BACKUP_TARGET: names a bucket S3 does not allow/);
    expect(() => loadEnv({ BACKUP_KEY: "short" })).toThrow(/BACKUP_KEY: must be at least 32 characters/);
    expect(loadEnv({ BACKUP_TARGET: "s3://team-backups/desk/" }).BACKUP_TARGET).toBe("s3://team-backups/desk/");
  });
});
