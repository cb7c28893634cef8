// A listing's point: the ZIP's centroid, else the city's centre, unless a person placed a pin, both coordinates or neither, and the same
// three fields through the list, the CSV export and both importers.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_EXPORT_COLUMNS, CSV_TEMPLATE_COLUMNS } from "../../../shared/csv-columns.js";
import { LOCATION_MESSAGES } from "../../../shared/location.js";
import { listings } from "../../db/tables.js";
import { runDueJobs } from "../../jobs/worker.js";
import { exportCsv } from "../../test/export-csv.js";
import { createListing, validListingInput } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvFile, templateRow } from "../csv/csv-fixtures.js";
import { csvText } from "../imports/import-fixtures.js";
import { geocodingJobHandlers, placeOf, queueLocating } from "./service.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

// From the zipcodes package's table.
const MANHATTAN = { latitude: 40.7484, longitude: -73.9967 };
const MORGANTOWN = { latitude: 39.6505, longitude: -79.944 };
// From the bundled gazetteer (GeoNames).
const MORGANTOWN_CENTRE = { latitude: 39.6295, longitude: -79.9559 };
const FAIRMONT_CENTRE = { latitude: 39.4851, longitude: -80.1426 };
const NOWHERE_TOWN = { city: "Nowheresville", state: "WV" };
const at = (point: { latitude: number; longitude: number }, locationPrecision: string) => ({ ...point, locationPrecision });
const NOWHERE = { latitude: null, longitude: null, locationPrecision: null };

const create = async (overrides: Parameters<typeof validListingInput>[0] = {}) =>
  (await member.post("/api/listings").send(validListingInput(overrides)).expect(201)).body as { id: string } & Record<string, unknown>;
const stored = async (id: string) => {
  const [row] = await ctx.db.select().from(listings).where(eq(listings.id, id));
  return { latitude: row.latitude, longitude: row.longitude, locationPrecision: row.locationPrecision, version: row.version, address: row.address };
};

describe("the embedded geocoder", () => {
  it("places a new listing at its ZIP's centroid, shown in the reply, by id and in the list", async () => {
    const created = await create({ zip: "10001" });
    expect(created).toMatchObject(at(MANHATTAN, "zip"));
    expect((await member.get(`/api/listings/${created.id}`).expect(200)).body).toMatchObject(at(MANHATTAN, "zip"));
    const list = (await member.get("/api/listings").expect(200)).body as Record<string, unknown>[];
    expect(list.find((l) => l.id === created.id)).toMatchObject(at(MANHATTAN, "zip"));
  });

  it("leaves a listing whose ZIP and city neither table knows unplaced: null by id, left out of the list", async () => {
    for (const zip of ["", "00000"]) {
      const created = await create({ zip, ...NOWHERE_TOWN });
      expect(created).toMatchObject(NOWHERE);
      const list = (await member.get("/api/listings").expect(200)).body as Record<string, unknown>[];
      const row = list.find((l) => l.id === created.id)!;
      expect(Object.keys(row)).not.toContain("latitude");
      expect(Object.keys(row)).not.toContain("locationPrecision");
    }
  });

  it("moves the point when the ZIP changes, and when the pin is taken away", async () => {
    const created = await create({ zip: "10001" });
    await member.patch(`/api/listings/${created.id}`).send({ zip: "26505" }).expect(200);
    expect(await stored(created.id)).toMatchObject(at(MORGANTOWN, "zip"));
    await member.put(`/api/listings/${created.id}`).send({ latitude: 1, longitude: 2 }).expect(200);
    expect(await stored(created.id)).toMatchObject(at({ latitude: 1, longitude: 2 }, "manual"));
    await member.put(`/api/listings/${created.id}`).send({ latitude: null, longitude: "" }).expect(200);
    expect(await stored(created.id)).toMatchObject(at(MORGANTOWN, "zip"));
    await member.patch(`/api/listings/${created.id}`).send({ zip: "" }).expect(200);
    expect(await stored(created.id)).toMatchObject(at(MORGANTOWN_CENTRE, "city"));
    await member.patch(`/api/listings/${created.id}`).send({ city: "Nowheresville" }).expect(200);
    expect(await stored(created.id)).toMatchObject(NOWHERE);
  });
});

describe("a listing with a city and no ZIP", () => {
  it("is placed at the city's centre, precision city, in the reply, by id and in the list", async () => {
    const created = await create({ zip: "", city: "Fairmont", state: "WV" });
    expect(created).toMatchObject(at(FAIRMONT_CENTRE, "city"));
    expect((await member.get(`/api/listings/${created.id}`).expect(200)).body).toMatchObject(at(FAIRMONT_CENTRE, "city"));
    const list = (await member.get("/api/listings").expect(200)).body as Record<string, unknown>[];
    expect(list.find((l) => l.id === created.id)).toMatchObject(at(FAIRMONT_CENTRE, "city"));
  });

  it("is placed by its city when its ZIP is one the table lacks; a known ZIP wins over the city", async () => {
    expect(await create({ zip: "00000", city: "Fairmont" })).toMatchObject(at(FAIRMONT_CENTRE, "city"));
    expect(await create({ zip: "26505", city: "Fairmont" })).toMatchObject(at(MORGANTOWN, "zip"));
  });

  it("finds the city however it is written (case, St./Saint, a trailing kind of place) and in the right state", () => {
    expect(placeOf({ city: "  fairmont ", state: "wv" }).location).toMatchObject(at(FAIRMONT_CENTRE, "city"));
    expect(placeOf({ city: "St. Marys", state: "WV" }).location).toMatchObject(at({ latitude: 39.3917, longitude: -81.2051 }, "city"));
    expect(placeOf({ city: "St. Marys", state: "PA" }).location).toMatchObject(at({ latitude: 41.4278, longitude: -78.5609 }, "city"));
    expect(placeOf({ city: "Morgantown City", state: "WV" }).location).toMatchObject(at(MORGANTOWN_CENTRE, "city"));
    expect(placeOf({ city: "Columbus", state: "OH" }).location).toMatchObject(at({ latitude: 39.9612, longitude: -82.9988 }, "city"));
  });

  it("stays unplaced with a clear reason when the city is unknown, missing or outside the app's states", () => {
    expect(placeOf({ zip: "", ...NOWHERE_TOWN })).toEqual({ location: NOWHERE, reason: 'No ZIP, and "Nowheresville, WV" is not a city or town the map knows' });
    expect(placeOf({ zip: "00000", city: "", state: "WV" })).toEqual({ location: NOWHERE, reason: "ZIP 00000 is not in the map's table, and no city is given" });
    expect(placeOf({ city: "Columbus", state: "GA" }).reason).toBe("No ZIP, and the map knows cities only in MD, OH, PA, WV");
  });

  it("is placed at the city's centre by the background job when it has no point (an import's, or a listing older than cities)", async () => {
    const imported = await createListing(ctx.db, { listingName: "City Backfill", city: "Fairmont", state: "WV", zip: null });
    const unknown = await createListing(ctx.db, { listingName: "City Unknown", ...NOWHERE_TOWN, zip: null });
    expect(await stored(imported.id)).toMatchObject(NOWHERE);
    await runDueJobs(ctx.db, geocodingJobHandlers()); // clear what earlier tests queued
    await queueLocating(ctx.db);
    // The job is due at the database's now(), which PostgreSQL's clock may put a hair after this
    // process's: the worker, polling, would take it a moment later.
    await runDueJobs(ctx.db, geocodingJobHandlers(), { now: new Date(Date.now() + 1_000) });
    expect(await stored(imported.id)).toMatchObject({ ...at(FAIRMONT_CENTRE, "city"), version: 1 });
    expect(await stored(unknown.id)).toMatchObject(NOWHERE);
  });
});

describe("a manual pin", () => {
  it("is what a listing created with coordinates gets, typed as text or sent as numbers", async () => {
    expect(await create({ zip: "10001", latitude: "35.5", longitude: "-97.25" })).toMatchObject(at({ latitude: 35.5, longitude: -97.25 }, "manual"));
  });

  it("is never moved by an address or ZIP edit", async () => {
    const created = await create({ zip: "10001", latitude: 35.5, longitude: -97.25 });
    await member.put(`/api/listings/${created.id}`).send({ zip: "26505", address: "1 Other Street" }).expect(200);
    expect(await stored(created.id)).toMatchObject(at({ latitude: 35.5, longitude: -97.25 }, "manual"));
  });

  it("is not made of a ZIP point sent back as it was read (a client PUTting the whole listing)", async () => {
    const created = await create({ zip: "10001" });
    const { body } = await member.get(`/api/listings/${created.id}`).expect(200);
    await member.put(`/api/listings/${created.id}`).send({ latitude: body.latitude, longitude: body.longitude, listingName: "Renamed" }).expect(200);
    expect(await stored(created.id)).toMatchObject(at(MANHATTAN, "zip"));
  });
});

describe("coordinates that are refused (400, nothing changed)", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["latitude above 90", { latitude: 90.5, longitude: 0 }, LOCATION_MESSAGES.latitude],
    ["latitude below -90", { latitude: -91, longitude: 0 }, LOCATION_MESSAGES.latitude],
    ["longitude beyond 180", { latitude: 0, longitude: 180.01 }, LOCATION_MESSAGES.longitude],
    ["longitude below -180", { latitude: 0, longitude: -200 }, LOCATION_MESSAGES.longitude],
    ["a latitude that is not a number", { latitude: "north", longitude: 0 }, LOCATION_MESSAGES.latitude],
    ["latitude alone", { latitude: 10 }, LOCATION_MESSAGES.together],
    ["longitude alone", { longitude: 10 }, LOCATION_MESSAGES.together],
    ["one set and one emptied", { latitude: 10, longitude: null }, LOCATION_MESSAGES.together],
  ];
  for (const [name, body, message] of cases) {
    it(`${name}, by PUT and PATCH`, async () => {
      const listing = await createListing(ctx.db, { zip: "10001", latitude: MANHATTAN.latitude, longitude: MANHATTAN.longitude, locationPrecision: "zip" });
      const before = await stored(listing.id);
      for (const method of ["put", "patch"] as const) {
        const res = await member[method](`/api/listings/${listing.id}`).send({ ...body, address: "9 Changed Road" }).expect(400);
        expect(res.body.message).toContain(message);
      }
      expect(await stored(listing.id)).toEqual(before);
    });
  }

  it("on a new listing too", async () => {
    const res = await member.post("/api/listings").send(validListingInput({ latitude: 10 })).expect(400);
    expect(res.body.message).toContain(LOCATION_MESSAGES.together);
  });
});

describe("coordinates through CSV", () => {
  const COLUMNS = [...CSV_TEMPLATE_COLUMNS, "Zip", "Latitude", "Longitude"];
  const locate = () => runDueJobs(ctx.db, geocodingJobHandlers());

  it("are exported as Latitude and Longitude, blank when unplaced", async () => {
    const placed = await create({ zip: "10001", listingName: "Exported Placed" });
    const unplaced = await create({ listingName: "Exported Unplaced", ...NOWHERE_TOWN });
    const { text } = await exportCsv(member, { ids: [placed.id, unplaced.id] });
    const [header, ...rows] = text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(header.split(",").slice(-2)).toEqual(["Latitude", "Longitude"]);
    expect(CSV_EXPORT_COLUMNS.slice(-2)).toEqual(["Latitude", "Longitude"]);
    const ends = rows.map((r) => r.split(",").slice(-2).join(","));
    expect(ends).toContain("40.7484,-73.9967");
    expect(ends).toContain(",");
  });

  it("are imported as pins; rows without them are placed at their ZIPs by the background job", async () => {
    const res = await member
      .post("/api/listings/import")
      .send({
        csvData: csvFile(
          [
            templateRow({ "Listing Name": "Pinned Import", Zip: "10001", Latitude: "33.75", Longitude: "-84.39" }),
            templateRow({ "Listing Name": "Zip Import", Zip: "26505" }),
            templateRow({ "Listing Name": "Half Import", Zip: "26505", Latitude: "33.75" }),
          ],
          COLUMNS,
        ),
      })
      .expect(200);
    expect(res.body.failed).toEqual([expect.objectContaining({ error: expect.stringContaining(LOCATION_MESSAGES.together) })]);
    const byName = async (name: string) => {
      const [row] = await ctx.db.select({ id: listings.id }).from(listings).where(eq(listings.listingName, name));
      return stored(row.id);
    };
    expect(await byName("Zip Import")).toMatchObject(NOWHERE);
    expect((await locate()).done).toBeGreaterThanOrEqual(1);
    expect(await byName("Pinned Import")).toMatchObject(at({ latitude: 33.75, longitude: -84.39 }, "manual"));
    expect(await byName("Zip Import")).toMatchObject(at(MORGANTOWN, "zip"));
  });

  it("map straight to Latitude and Longitude in the import wizard, whose commit leaves the ZIPs to the background job", async () => {
    const header = ["Name", "Street", "City, State", "Zip", "Lat", "Longitude", "Sale Type", "Category", "Description"];
    const file = csvText(header, [
      ["Wizard Pinned", "1 Main St", "Wheeling, WV", "26003", "40.06", "-80.72", "For Sale", "Single", "x"],
      ["Wizard Zip", "2 Main St", "Wheeling, WV", "10001", "", "", "For Sale", "Single", "x"],
    ]);
    const p = await member.post("/api/imports/preview").send({ fileName: "file.csv", encoding: "text", content: file });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.mapping.slice(4, 6)).toEqual(["latitude", "longitude"]);
    await member.post(`/api/imports/${p.body.id}/commit`).send({}).expect(200);
    const byName = async (name: string) => {
      const [row] = await ctx.db.select({ id: listings.id }).from(listings).where(eq(listings.listingName, name));
      return stored(row.id);
    };
    expect(await byName("Wizard Zip")).toMatchObject(NOWHERE);
    await locate();
    expect(await byName("Wizard Pinned")).toMatchObject(at({ latitude: 40.06, longitude: -80.72 }, "manual"));
    expect(await byName("Wizard Zip")).toMatchObject(at(MANHATTAN, "zip"));
  });
  // The importers' updates follow an edit's location rules (listing-rows/location-rules.ts).
  const rowOf = (l: Record<string, unknown>, cells: Record<string, string>) =>
    templateRow({ "Listing Name": String(l.listingName), Address: String(l.address), City: String(l.city), State: String(l.state), ...cells });

  it("re-places a listing whose ZIP an import changes, keeps a pin, and makes changed coordinates a pin", async () => {
    const moved = await create({ zip: "10001", listingName: "Moved By Import" });
    const pinned = await create({ zip: "10001", listingName: "Pinned Before Import", latitude: 33.75, longitude: -84.39 });
    const roundTrip = await create({ zip: "10001", listingName: "Round Trip" });
    const repinned = await create({ zip: "10001", listingName: "Repinned By Import" });
    expect(await stored(pinned.id)).toMatchObject(at({ latitude: 33.75, longitude: -84.39 }, "manual"));
    const res = await member
      .post("/api/listings/import")
      .send({
        csvData: csvFile(
          [
            rowOf(moved, { Zip: "26505" }),
            rowOf(pinned, { Zip: "26505", Latitude: "33.75", Longitude: "-84.39" }),
            rowOf(roundTrip, { Zip: "10001", Latitude: "40.7484", Longitude: "-73.9967", "Property Description": "Changed by the file." }),
            rowOf(repinned, { Zip: "10001", Latitude: "39.1", Longitude: "-80.2" }),
          ],
          COLUMNS,
        ),
      })
      .expect(200);
    expect(res.body.failed).toEqual([]);
    expect(await stored(moved.id)).toMatchObject(NOWHERE);
    await locate();
    expect(await stored(moved.id)).toMatchObject(at(MORGANTOWN, "zip"));
    expect(await stored(pinned.id)).toMatchObject(at({ latitude: 33.75, longitude: -84.39 }, "manual"));
    expect(await stored(roundTrip.id)).toMatchObject(at(MANHATTAN, "zip"));
    expect(await stored(repinned.id)).toMatchObject(at({ latitude: 39.1, longitude: -80.2 }, "manual"));
  });

  it("re-places what the wizard's update moves, and its undo puts the point back as it was", async () => {
    const listing = await create({ zip: "10001", listingName: "Wizard Moved", address: "7 Pine St", city: "Wheeling" });
    const header = ["Listing Name", "Address", "City", "State", "Zip", "Offering Type", "Property Description", "Marketing Category"];
    const file = csvText(header, [["Wizard Moved", "7 Pine St", "Wheeling", "WV", "26505", "Sell", "Moved.", "Double"]]);
    const p = await member.post("/api/imports/preview").send({ fileName: "moved.csv", encoding: "text", content: file });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.summary).toMatchObject({ update: 1 });
    await member.post(`/api/imports/${p.body.id}/commit`).send({}).expect(200);
    expect(await stored(listing.id)).toMatchObject(NOWHERE);
    const undo = await member.post(`/api/imports/${p.body.id}/undo`).send({});
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(await stored(listing.id)).toMatchObject(at(MANHATTAN, "zip"));
  });
});
