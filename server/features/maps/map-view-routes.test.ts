// What the map view asks the server for: the configured basemap, or none, and a ZIP's centre.
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../env.js";
import { tilesOrigin } from "./service.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_SCRYPT_COST } from "../../test/test-constants.js";

const TILES = "https://tiles.example.com/{z}/{x}/{y}.png";
let plain: TestContext;
let tiled: TestContext;
beforeAll(async () => {
  plain = await createTestContext();
  tiled = await createTestContext({
    env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, ALLOWED_HOSTS: [".example.com"], MAP_TILES_URL: TILES, MAP_ATTRIBUTION: "© Example Maps" },
  });
});
afterAll(async () => {
  await plain.close();
  await tiled.close();
});

describe("GET /api/maps/basemap", () => {
  it("is the embedded outlines (nulls) unless tiles are configured, then the template and its credit", async () => {
    const member = await plain.userAgent();
    expect((await member.agent.get("/api/maps/basemap").expect(200)).body).toEqual({ tilesUrl: null, attribution: null });
    const other = await tiled.userAgent();
    expect((await other.agent.get("/api/maps/basemap").expect(200)).body).toEqual({ tilesUrl: TILES, attribution: "© Example Maps" });
  });

  it("lets the page load the configured tiles (their origin is in the CSP's img-src), and only then", async () => {
    const imgSrc = async (ctx: TestContext) => /img-src ([^;]*)/.exec((await supertest(ctx.app).get("/api/needs-setup")).headers["content-security-policy"])?.[1];
    expect(await imgSrc(tiled)).toContain("https://tiles.example.com");
    expect(await imgSrc(plain)).not.toContain("tiles.example.com");
    expect(tilesOrigin("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toBe("https://*.tile.example.org");
    expect(tilesOrigin("http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png?key=1")).toBe("http://127.0.0.1:8080");
  });
});

describe("GET /api/maps/zips/:zip", () => {
  it("answers a ZIP's centre from the embedded table, null for a ZIP it lacks, 400 for anything but five digits", async () => {
    const { agent } = await plain.userAgent();
    const mobile = (await agent.get("/api/maps/zips/36602").expect(200)).body as { zip: string; centre: { latitude: number; longitude: number } };
    expect(mobile.zip).toBe("36602");
    expect(mobile.centre.latitude).toBeCloseTo(30.69, 1);
    expect(mobile.centre.longitude).toBeCloseTo(-88.04, 1);
    expect((await agent.get("/api/maps/zips/00000").expect(200)).body).toEqual({ zip: "00000", centre: null });
    for (const bad of ["3660", "366021", "abcde", "36602-1234"]) {
      expect((await agent.get(`/api/maps/zips/${bad}`).expect(400)).body.message).toBe("A ZIP code is five digits");
    }
  });
});

describe("MAP_TILES_URL and MAP_ATTRIBUTION", () => {
  it("must be an http(s) XYZ template and plain text: anything else stops the server with a message naming it", () => {
    for (const bad of ["tiles", "ftp://t.example.com/{z}/{x}/{y}.png", "https://u:p@t.example.com/{z}/{x}/{y}.png", "https://t.example.com/{z}/{x}.png"]) {
      expect(() => loadEnv({ MAP_TILES_URL: bad })).toThrow(/MAP_TILES_URL/);
    }
    expect(() => loadEnv({ MAP_ATTRIBUTION: "<img src=x onerror=alert(1)>" })).toThrow(/MAP_ATTRIBUTION/);
    expect(() => loadEnv({ MAP_ATTRIBUTION: "x".repeat(301) })).toThrow(/MAP_ATTRIBUTION/);
    const env = loadEnv({ MAP_TILES_URL: TILES, MAP_ATTRIBUTION: "© OpenStreetMap contributors" });
    expect([env.MAP_TILES_URL, env.MAP_ATTRIBUTION]).toEqual([TILES, "© OpenStreetMap contributors"]);
  });
});
