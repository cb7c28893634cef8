import { eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BRAND, type Brand } from "../../../shared/brand.js";
import { auditEvents, brand } from "../../db/tables.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { requestUploadUrl, uploadImage } from "../../test/uploads.js";
import { sweepUnusedUploads } from "../images/sweep.js";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import { getBrand } from "./service.js";

const storage = temporaryStorage();
let ctx: TestContext;
let admin: TestClient;
let member: TestClient;
beforeAll(async () => {
  ctx = await createTestContext({ storage });
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  member = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());

const FULL: Brand = {
  brokerageName: "Summit Commercial Realty",
  phone: "(304) 555-0100",
  email: "office@summit.example.com",
  website: "https://summit.example.com",
  address: "100 High St, Morgantown, WV 26505",
  licenseNumber: "WV-0012345",
  logoUrl: "",
  accentColor: "#0A5C36",
  disclaimer: "Information deemed reliable but not guaranteed. Subject to change.",
};

const brandEntries = async () => ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, "brand.changed"));

describe("GET /api/brand", () => {
  it("answers exactly the brand's fields, with the defaults before any save, to any teammate", async () => {
    const fresh = await createTestContext();
    try {
      const res = await (await fresh.userAgent()).agent.get("/api/brand").expect(200);
      expect(res.body).toEqual(DEFAULT_BRAND);
      expect(Object.keys(res.body).sort()).toEqual(
        ["accentColor", "address", "brokerageName", "disclaimer", "email", "licenseNumber", "logoUrl", "phone", "website"],
      );
      expect(res.body.disclaimer).toBe("Information deemed reliable but not guaranteed.");
      expect(await getBrand(fresh.db)).toEqual(DEFAULT_BRAND);
    } finally {
      await fresh.close();
    }
  });

  it("turns the signed-out away", async () => {
    await supertest(ctx.app).get("/api/brand").expect(401);
    await supertest(ctx.app).put("/api/brand").send({ brokerageName: "X" }).expect(401);
  });
});

describe("PUT /api/brand", () => {
  it("lets an admin save every field, which everyone then reads, and logs what changed", async () => {
    const logo = await uploadImage(admin);
    const before = (await brandEntries()).length;
    const saved = await admin.put("/api/brand").send({ ...FULL, logoUrl: logo }).expect(200);
    expect(saved.body).toEqual({ ...FULL, logoUrl: logo });
    expect((await member.get("/api/brand").expect(200)).body).toEqual({ ...FULL, logoUrl: logo });
    const entries = await brandEntries();
    expect(entries).toHaveLength(before + 1);
    const changes = (entries.at(-1)!.data as { changes: Record<string, unknown> }).changes;
    expect(changes.brokerageName).toEqual(["", FULL.brokerageName]);
    expect(changes.logoUrl).toEqual(["", logo]);
  });

  it("keeps the fields not sent, and writes no entry when nothing changes", async () => {
    await admin.put("/api/brand").send(FULL).expect(200);
    const res = await admin.put("/api/brand").send({ phone: "304-555-0111" }).expect(200);
    expect(res.body).toEqual({ ...FULL, phone: "304-555-0111" });
    const before = (await brandEntries()).length;
    await admin.put("/api/brand").send({ phone: "304-555-0111" }).expect(200);
    expect(await brandEntries()).toHaveLength(before);
  });

  it("stores blank text as \"\", a web address typed without https:// as its https address, and a blank disclaimer as the default", async () => {
    const res = await admin
      .put("/api/brand")
      .send({ ...FULL, licenseNumber: "   ", email: "", website: "www.summit.example.com", disclaimer: "" })
      .expect(200);
    expect(res.body).toMatchObject({ licenseNumber: "", email: "", website: "https://www.summit.example.com", disclaimer: DEFAULT_BRAND.disclaimer });
  });

  it("refuses agents with 403 and changes nothing", async () => {
    await admin.put("/api/brand").send(FULL).expect(200);
    const res = await member.put("/api/brand").send({ brokerageName: "Agent Realty" }).expect(403);
    expect(res.body.message).toBe("Only admins can do that");
    expect((await member.get("/api/brand")).body.brokerageName).toBe(FULL.brokerageName);
  });

  it.each([
    ["an email that is not one", { email: "office@" }, "email", "Enter a valid email address"],
    ["a website that is not http(s)", { website: "ftp://summit.example.com" }, "website", "Website must be a web address starting with http:// or https://"],
    ["a javascript: website", { website: "javascript:alert(1)" }, "website", "Website must be a web address starting with http:// or https://"],
    ["a named colour", { accentColor: "green" }, "accentColor", "Accent colour must be a colour like #RRGGBB"],
    ["a short colour", { accentColor: "#12345" }, "accentColor", "Accent colour must be a colour like #RRGGBB"],
    ["a logo from elsewhere", { logoUrl: "https://evil.example.com/logo.png" }, "logoUrl", "Logo must be an image uploaded here"],
    ["a logo path that is no image key", { logoUrl: "/api/objects/images/../../etc/passwd" }, "logoUrl", "Logo must be an image uploaded here"],
    ["a logo key never issued", { logoUrl: "/api/objects/images/00000000-0000-4000-8000-000000000000" }, "logoUrl", "Logo must be an image uploaded here"],
    ["a phone without digits", { phone: "call us" }, "phone", "Enter a valid phone number: at least 7 digits, using only digits, spaces and + ( ) - ."],
    ["a name too long", { brokerageName: "x".repeat(201) }, "brokerageName", "Brokerage name must be at most 200 characters"],
  ])("refuses %s with 400 naming the field, and changes nothing", async (_case, body, field, message) => {
    await admin.put("/api/brand").send(FULL).expect(200);
    const before = (await brandEntries()).length;
    const res = await admin.put("/api/brand").send({ ...body, brokerageName: (body as Partial<Brand>).brokerageName ?? "Changed Realty" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ [field]: message });
    expect((await admin.get("/api/brand")).body).toEqual(FULL);
    expect(await brandEntries()).toHaveLength(before);
  });

  it("refuses a logo whose upload never arrived (the URL was issued, no bytes came)", async () => {
    const { imageUrl } = await requestUploadUrl(admin);
    const res = await admin.put("/api/brand").send({ logoUrl: imageUrl }).expect(400);
    expect(res.body.errors).toEqual({ logoUrl: "Logo must be an image uploaded here" });
  });

  it("keeps one row however many saves race", async () => {
    await Promise.all(["A", "B", "C", "D"].map((n) => admin.put("/api/brand").send({ brokerageName: `Race ${n}` }).expect(200)));
    expect(await ctx.db.select({ id: brand.id }).from(brand)).toHaveLength(1);
  });

  it("keeps the logo through the sweep of unused uploads", async () => {
    const logo = await uploadImage(admin);
    await admin.put("/api/brand").send({ logoUrl: logo }).expect(200);
    await sweepUnusedUploads({ db: ctx.db, storage, now: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000) });
    await admin.get(logo).expect(200);
  });
});
