import { asc, eq, sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CSV_LIMITS, CSV_TEMPLATE_COLUMNS, type ImportResult } from "../../../shared/csv-columns.js";
import { listings } from "../../db/tables.js";
import { createAgent, createListing } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvFile, templateRow } from "./csv-fixtures.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(listings);
});

const importCsv = (csvData: string, agentId?: string | null) => member.post("/api/listings/import").send({ csvData, agentId });
const imported = async (csvData: string, agentId?: string | null): Promise<ImportResult> => {
  const res = await importCsv(csvData, agentId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const allListings = () => ctx.db.select().from(listings).orderBy(asc(listings.listingName));
const countListings = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(listings))[0].n;

describe("POST /api/listings/import: reading files", () => {
  it("creates listings from the template, numbering rows as a spreadsheet does", async () => {
    const result = await imported(
      csvFile([
        templateRow({ "Listing Name": "Main Street Diner", Notes: "Keys at the desk", "Is Active": "" }),
        templateRow({ "Listing Name": "Elm Office", "Is Active": "inactive", "Marketing Flyer Link": "https://example.com/flyer.pdf" }),
      ]),
    );
    expect(result.failed).toEqual([]);
    expect(result.ignoredColumns).toEqual([]);
    expect(result.successful.map(({ row, action, listingName }) => ({ row, action, listingName }))).toEqual([
      { row: 2, action: "created", listingName: "Main Street Diner" },
      { row: 3, action: "created", listingName: "Elm Office" },
    ]);
    const [diner, elm] = await Promise.all(result.successful.map(async (s) => (await ctx.db.select().from(listings).where(eq(listings.id, s.id)))[0]));
    expect(diner).toMatchObject({ listingName: "Main Street Diner", notes: "Keys at the desk", isActive: true, agentId: null, aiGeneratedPosts: [], imageUrl: null });
    expect(elm).toMatchObject({ isActive: false, marketingFlyerLink: "https://example.com/flyer.pdf", notes: null });
  });

  it("reads a BOM, CRLF or LF, quoted commas and line breaks, loose headers, blank lines, and reports unknown columns", async () => {
    const text =
      "\uFEFF listing name ,ADDRESS,city,State,offering_type,PropertyDescription,Marketing  Category,Colour,\r\n" +
      '"Smith, Jones & Co","12 Oak St",Wheeling,wv,sell/lease,"Two floors.\r\nParking ""out back"".",grand slam,red,\r\n' +
      "\r\n" +
      "Second Shop,14 Oak St,Wheeling,West Virginia,LEASE,Plain,triple,,\r\n" +
      "\r\n\r\n";
    const result = await imported(text);
    expect(result.failed).toEqual([]);
    expect(result.ignoredColumns).toEqual(["Colour"]);
    // The blank line between the two listings is row 3 in a spreadsheet.
    expect(result.successful.map((s) => s.row)).toEqual([2, 4]);
    const [second, smith] = await allListings();
    expect(smith).toMatchObject({
      listingName: "Smith, Jones & Co",
      state: "WV",
      offeringType: "Sell/Lease",
      marketingCategory: "Grand Slam",
      propertyDescription: 'Two floors.\r\nParking "out back".',
    });
    expect(second).toMatchObject({ state: "WV", offeringType: "Lease", marketingCategory: "Triple" });

    const lf = await imported(csvFile([templateRow({ "Listing Name": "LF Shop" })]).replace(/\r\n/g, "\n"));
    expect(lf.successful).toHaveLength(1);
  });

  it("reads semicolon- and tab-delimited files, as European Excel writes them", async () => {
    const semi = [
      CSV_TEMPLATE_COLUMNS.join(";"),
      'Café Olé;"3 Rue, Main";Morgantown;OH;Transfer;"Crêpes; coffee & more";Single;;;;;1',
    ].join("\r\n");
    const res = await imported(semi);
    expect(res.failed).toEqual([]);
    const tabs = [CSV_TEMPLATE_COLUMNS.join("\t"), "Tab Shop\t5 Tab Rd\tErie\tPA\tSell\tTabbed, with commas; and semicolons\tHomerun\t\t\t\t\tno"].join("\n");
    expect((await imported(tabs)).failed).toEqual([]);
    const rows = await allListings();
    expect(rows.map((r) => [r.listingName, r.address, r.propertyDescription, r.isActive])).toEqual([
      ["Café Olé", "3 Rue, Main", "Crêpes; coffee & more", true],
      ["Tab Shop", "5 Tab Rd", "Tabbed, with commas; and semicolons", false],
    ]);
  });

  it("keeps accented and Windows-1252-looking text exactly as it arrives", async () => {
    const names = ["Müller Straße Büro", "Señor Niño’s “Café”", "CafÃ© mojibake â€“ kept as sent"];
    const result = await imported(csvFile(names.map((n) => templateRow({ "Listing Name": n }))));
    expect(result.failed).toEqual([]);
    expect((await allListings()).map((l) => l.listingName).sort()).toEqual([...names].sort());
  });

  it("restores formula cells that an export neutralised, and stores other text as it is", async () => {
    const result = await imported(
      csvFile([
        templateRow({ "Listing Name": "'=HYPERLINK(\"x\")", Notes: "'-5% off", "Marketing Category Reference": "'plain quote" }),
        templateRow({ "Listing Name": "=1+1", Notes: "''+kept one" }),
      ]),
    );
    expect(result.failed).toEqual([]);
    const rows = await allListings();
    expect(rows.map((r) => [r.listingName, r.notes, r.marketingCategoryReference])).toEqual([
      ['=1+1', "'+kept one", null],
      ['=HYPERLINK("x")', "-5% off", "'plain quote"],
    ]);
  });

  it("imports 10,000 rows in one request, then updates them all", async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => templateRow({ "Listing Name": `Bulk ${i}`, Address: `${i} Bulk Rd` }));
    // A repeat of the first row far down the file (past the first 10,000 rows checked together).
    const first = await imported(csvFile([...rows, templateRow({ "Listing Name": "BULK 0", Address: "0 bulk rd", Notes: "repeat" })]));
    expect(first.failed).toEqual([]);
    expect(first.successful).toHaveLength(10_001);
    expect(first.successful.slice(0, 10_000).every((s) => s.action === "created")).toBe(true);
    expect(first.successful[9_999].row).toBe(10_001);
    expect(first.successful[10_000]).toMatchObject({ row: 10_002, action: "updated", id: first.successful[0].id });
    expect(await countListings()).toBe(10_000);
    expect((await ctx.db.select().from(listings).where(eq(listings.id, first.successful[0].id)))[0]).toMatchObject({ listingName: "BULK 0", notes: "repeat" });

    const again = await imported(csvFile(rows.map((r) => ({ ...r, Notes: "second pass" }))));
    expect(again.successful).toHaveLength(10_000);
    expect(again.successful.every((s) => s.action === "updated")).toBe(true);
    expect(await countListings()).toBe(10_000);
    const notes = await ctx.db.selectDistinct({ notes: listings.notes }).from(listings);
    expect(notes).toEqual([{ notes: "second pass" }]);
  });
});

describe("POST /api/listings/import: refusing whole files", () => {
  const refused = async (csvData: unknown, message: string | RegExp) => {
    const res = await member.post("/api/listings/import").send({ csvData });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await countListings()).toBe(0);
  };

  it("refuses empty files, a header alone, and files that are not CSV text", async () => {
    await refused("", /The file is empty/);
    await refused("\uFEFF \r\n\r\n", /The file is empty/);
    await refused(`${CSV_TEMPLATE_COLUMNS.join(",")}\r\n\r\n,,,,\r\n`, "The file has a header row but no listings below it.");
    await refused(undefined, "csvData must be the text of the CSV file");
    await refused(42, "csvData must be the text of the CSV file");
  });

  it("names the required columns a file lacks", async () => {
    await refused("Listing Name,Address,Notes\r\nA,B,C\r\n", /^The file is missing required columns: City, State, Offering Type, Property Description, Marketing Category\./);
    // A file without a header row: its first listing is read as the header.
    await refused(csvFile([templateRow()]).split("\r\n").slice(1).join("\r\n"), /missing required columns: Listing Name, Address/);
  });

  it("refuses a column named twice and a quote that never closes", async () => {
    await refused(csvFile([templateRow()], [...CSV_TEMPLATE_COLUMNS, "city"]), 'The column "City" appears more than once in the first row.');
    const open = `${csvFile([templateRow()])}Open Quote,"1 Main St,Erie,PA,Sell,Text,Single,,,,,\r\nNext,2 Main St,Erie,PA,Sell,Text,Single,,,,,\r\n`;
    await refused(open, "Row 3 opens a quoted cell that is never closed, so the rest of the file cannot be read.");
  });

  it("refuses more rows than the limit, and more text than the size limit", async () => {
    const line = "A,B,C,WV,Sell,D,Single,,,,,\n";
    await refused(`${CSV_TEMPLATE_COLUMNS.join(",")}\n${line.repeat(CSV_LIMITS.maxRows + 1)}`, "The file has 100,001 listings; import at most 100,000 at a time. Split it into smaller files.");
    await refused("x".repeat(CSV_LIMITS.maxChars + 1), "The file is larger than 25 MB. Split it into smaller files.");
  });

  it("refuses an agent that does not exist, importing nothing", async () => {
    const res = await importCsv(csvFile([templateRow()]), "no-such-agent");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The agent chosen for this import no longer exists. Choose another agent, or none.");
    expect(await countListings()).toBe(0);
  });

  it("signed-out callers are refused, and never get the larger body cap", async () => {
    expect((await supertest(ctx.app).post("/api/listings/import").send({ csvData: csvFile([templateRow()]) })).status).toBe(401);
    const large = csvFile(Array.from({ length: 12_000 }, () => templateRow()));
    expect(large.length).toBeGreaterThan(1024 * 1024);
    const anonymous = await supertest(ctx.app).post("/api/listings/import").send({ csvData: large });
    expect(anonymous.status).toBe(413);
    expect(anonymous.body.message).toBe("The request is too large");
    expect((await importCsv(large)).status).toBe(200);
  });
});

describe("POST /api/listings/import: rows", () => {
  it("fails bad rows with their row number and a reason naming the field, importing the rest", async () => {
    const result = await imported(
      csvFile([
        templateRow({ "Listing Name": "Good One" }),
        templateRow({ "Offering Type": "Rent" }),
        templateRow({ "Marketing Category": "Bunt", State: "NY" }),
        templateRow({ "Marketing Flyer Link": "javascript:alert(1)" }),
        templateRow({ "Listing Name": "  ", City: "x".repeat(101) }),
        templateRow({ "Is Active": "maybe" }),
        templateRow({ "Listing Name": "Good Two" }),
      ]),
    );
    expect(result.successful.map((s) => [s.row, s.listingName])).toEqual([
      [2, "Good One"],
      [8, "Good Two"],
    ]);
    expect(result.failed).toEqual([
      { row: 3, error: 'Offering Type must be one of Sell, Lease, Transfer, Sell/Lease, Sell/Transfer, Sell/Lease/Transfer (found "Rent")' },
      { row: 4, error: 'State must be one of WV, PA, MD, OH (found "NY"); Marketing Category must be one of Single, Double, Triple, Homerun, Grand Slam (found "Bunt")' },
      { row: 5, error: "Marketing Flyer Link must be a web address starting with http:// or https://" },
      { row: 6, error: "Listing Name is required; City must be at most 100 characters" },
      { row: 7, error: 'Is Active must be one of true, false, yes, no, 1, 0, active, inactive (found "maybe")' },
    ]);
    expect(await countListings()).toBe(2);
  });

  it("fails a row with more filled cells than the header has columns", async () => {
    const file = csvFile([templateRow()]).replace(/\r\n$/, ",stray\r\n");
    const result = await imported(file);
    expect(result.failed).toEqual([{ row: 2, error: "The row has 1 more filled cell(s) than the header has columns; check for unquoted commas" }]);
  });

  it("updates the listing with the same name and address, ignoring case and extra spaces", async () => {
    const existing = await createListing(ctx.db, {
      listingName: "Harbor  View Plaza",
      address: "1 Harbor Rd",
      notes: "old notes",
      googleDriveLink: "https://drive.example.com/a",
      imageUrl: "/images/x.png",
      isStarred: true,
      aiGeneratedPosts: ["kept post"],
    });
    const result = await imported(
      csvFile([templateRow({ "Listing Name": "harbor view   PLAZA", Address: " 1  HARBOR rd ", Notes: "", "Marketing Category": "Homerun" })]),
    );
    expect(result.successful).toEqual([{ row: 2, action: "updated", id: existing.id, listingName: "harbor view   PLAZA" }]);
    const [after] = await allListings();
    expect(after).toMatchObject({
      id: existing.id,
      marketingCategory: "Homerun",
      // A blank cell clears; a column the file lacks (Google Drive Link) is left as it was.
      notes: null,
      googleDriveLink: "https://drive.example.com/a",
      imageUrl: "/images/x.png",
      isStarred: true,
      aiGeneratedPosts: ["kept post"],
    });
  });

  it("matches text beyond ASCII the same way", async () => {
    const existing = await createListing(ctx.db, { listingName: "Café Zürich", address: "2\tRue  Süd" });
    const result = await imported(csvFile([templateRow({ "Listing Name": "CAFé  ZüRICH", Address: "2 rue süd" })]));
    expect(result.successful).toEqual([{ row: 2, action: "updated", id: existing.id, listingName: "CAFé  ZüRICH" }]);
    expect(await countListings()).toBe(1);
  });

  it("lets a later duplicate row update the listing an earlier row created", async () => {
    const result = await imported(
      csvFile([
        templateRow({ "Listing Name": "Twin", Address: "2 Twin St", Notes: "first" }),
        templateRow({ "Listing Name": "Other", Address: "3 Twin St" }),
        templateRow({ "Listing Name": "TWIN", Address: "2 twin st", Notes: "second" }),
      ]),
    );
    expect(result.successful.map((s) => [s.row, s.action])).toEqual([
      [2, "created"],
      [3, "created"],
      [4, "updated"],
    ]);
    expect(result.successful[2].id).toBe(result.successful[0].id);
    const twins = (await allListings()).filter((l) => l.address.toLowerCase() === "2 twin st");
    expect(twins.map((t) => [t.listingName, t.notes])).toEqual([["TWIN", "second"]]);
  });

  it("pairs rows with existing listings that share a key in order, one row each", async () => {
    const a = await createListing(ctx.db, { listingName: "Same", address: "9 Same St" });
    const b = await createListing(ctx.db, { listingName: "Same", address: "9 Same St" });
    const row = templateRow({ "Listing Name": "Same", Address: "9 Same St" });
    const result = await imported(csvFile([row, row, row]));
    const [first, second] = [a.id, b.id].sort();
    expect(result.successful.map((s) => [s.action, s.id])).toEqual([
      ["updated", first],
      ["updated", second],
      ["updated", second],
    ]);
    expect(await countListings()).toBe(2);
  });

  it("assigns the chosen agent to every imported row, over the file's Agent column", async () => {
    const agent = await createAgent(ctx.db, { name: "Dana Chosen" });
    const other = await createAgent(ctx.db, { name: "Other Agent" });
    const existing = await createListing(ctx.db, { listingName: "Has Agent", address: "5 A St", agentId: other.id });
    const columns = [...CSV_TEMPLATE_COLUMNS, "Agent"];
    const result = await imported(
      csvFile([templateRow({ "Listing Name": "Has Agent", Address: "5 A St", Agent: "Other Agent" }), templateRow({ Agent: "Nobody" })], columns),
      agent.id,
    );
    expect(result.failed).toEqual([]);
    expect(result.ignoredColumns).toEqual(["Agent"]);
    expect(result.successful[0]).toMatchObject({ action: "updated", id: existing.id });
    expect((await allListings()).map((l) => l.agentId)).toEqual([agent.id, agent.id]);
  });

  it("reads the Agent column by name, ignoring case; unknown names fail the row; blank unassigns", async () => {
    const agent = await createAgent(ctx.db, { name: "Riley  Stone" });
    const assigned = await createListing(ctx.db, { listingName: "Unassign Me", address: "7 B St", agentId: agent.id });
    const columns = [...CSV_TEMPLATE_COLUMNS, "Agent"];
    const result = await imported(
      csvFile(
        [
          templateRow({ "Listing Name": "By Name", Agent: "riley stone" }),
          templateRow({ "Listing Name": "Unknown Agent", Agent: "Pat Nobody" }),
          templateRow({ "Listing Name": "Unassign Me", Address: "7 B St", Agent: "" }),
        ],
        columns,
      ),
    );
    expect(result.failed).toEqual([
      { row: 3, error: 'Agent "Pat Nobody" was not found. Add the agent on the Agents page first, or leave the cell blank.' },
    ]);
    const rows = await allListings();
    expect(rows.map((r) => [r.listingName, r.agentId])).toEqual([
      ["By Name", agent.id],
      ["Unassign Me", null],
    ]);
    expect(rows[1].id).toBe(assigned.id);
  });

  it("settles an agent name two agents share by the listing's current agent, and fails it otherwise", async () => {
    const [first, second] = [await createAgent(ctx.db, { name: "Sam Twin" }), await createAgent(ctx.db, { name: "Sam Twin" })];
    await createListing(ctx.db, { listingName: "Sam's", address: "8 C St", agentId: second.id });
    const columns = [...CSV_TEMPLATE_COLUMNS, "Agent"];
    const result = await imported(
      csvFile([templateRow({ "Listing Name": "Sam's", Address: "8 C St", Agent: "Sam Twin" }), templateRow({ Agent: "sam twin" })], columns),
    );
    expect(result.successful).toHaveLength(1);
    expect(result.failed).toEqual([
      { row: 3, error: 'Agent "sam twin" matches 2 agents with that name; choose the agent in the import dialog instead.' },
    ]);
    expect((await allListings())[0].agentId).toBe(second.id);
    expect(first.id).not.toBe(second.id);
  });

  it("commits all rows or none: a database failure mid-import leaves nothing half-imported", async () => {
    const existing = await createListing(ctx.db, { listingName: "Before", address: "1 Before St", notes: "untouched" });
    await ctx.db.execute(sql`
      create function fail_on_boom() returns trigger language plpgsql as $$
      begin
        if new.listing_name = 'Boom' then raise exception 'disk on fire'; end if;
        return new;
      end $$`);
    await ctx.db.execute(sql`create trigger boom before insert or update on listings for each row execute function fail_on_boom()`);
    try {
      const rows = [
        templateRow({ "Listing Name": "Before", Address: "1 Before St", Notes: "changed" }),
        ...Array.from({ length: 12_000 }, (_, i) => templateRow({ "Listing Name": `Row ${i}` })),
        templateRow({ "Listing Name": "Boom" }),
      ];
      const res = await importCsv(csvFile(rows));
      expect(res.status).toBe(500);
      expect(res.body.message).toBe("Something went wrong on our side. Please try again.");
      expect(await countListings()).toBe(1);
      expect((await allListings())[0]).toMatchObject({ id: existing.id, notes: "untouched" });
    } finally {
      await ctx.db.execute(sql`drop trigger boom on listings`);
      await ctx.db.execute(sql`drop function fail_on_boom`);
    }
  });
});
