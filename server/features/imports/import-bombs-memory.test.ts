// The server's memory while zip bombs are previewed through the API: a 2.4 MB .xlsx whose sheet
// unzips to 1.5 GB, with headers that tell its size and with headers that lie about it;
// a 15 KB .xlsx whose 400 cells all show one
// 10 MB shared string, 4 GB of text once each cell holds its own copy (docs/guides/imports.md). The server runs as its own process, so its
// peak resident memory (Linux's VmHWM, which counts every thread) is the server's alone; the peak
// is reset once the server has started (clear_refs), so it measures the previews only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { httpClient, spawnServer, type ServerProcess } from "../../test/spawn-server.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import {
  deflatedRepeat,
  SHARED_STRINGS_HEAD,
  SHARED_STRINGS_TAIL,
  SHEET_HEAD,
  SHEET_TAIL,
  sheetSharing,
  workbookOf,
} from "./import-fixtures.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const MB = 1024 * 1024;
/** What the previews may add to the server's resident memory: far below the bomb's 1.5 GB. */
const GROWTH_BOUND_MB = 256;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "import-bombs-"));
let server: ServerProcess;
afterAll(() => {
  server?.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const peakMb = () => {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
};
/** The peak so far becomes the memory in use now (Linux 4.0+). */
const resetPeak = () => fs.writeFileSync(`/proc/${server.child.pid}/clear_refs`, "5");

/** A signed-in client of the one server these tests share, started by the first that needs it. */
let client: ReturnType<typeof httpClient> | undefined;
async function signedIn() {
  if (client) return client;
  server = await spawnServer({ DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40) });
  client = httpClient(server.url);
  expect((await client.call("POST", "/api/init-admin", { username: "admin", password: TEST_PASSWORD, email: "a@example.com" })).status).toBe(201);
  return client;
}
const preview = async (bytes: Buffer) =>
  (await signedIn()).call("POST", "/api/imports/preview", { fileName: "bomb.xlsx", encoding: "base64", content: bytes.toString("base64") });

describe("zip bombs through the preview", { timeout: TIMEOUT.slow }, () => {
  it("are refused with a clear message, and the server's peak memory stays far below their size", async () => {
    // Started here, not in a hook: on a busy machine the server may take longer than a hook may.
    await signedIn();
    const sheet = deflatedRepeat("xl/worksheets/sheet1.xml", SHEET_HEAD, "<row/>".repeat(MB / 6), 1536, SHEET_TAIL);

    resetPeak();
    const before = peakMb();
    const told = await preview(workbookOf(sheet));
    expect(told).toMatchObject({ status: 413, body: { message: expect.stringMatching(/^This workbook is too large to read/) } });
    // Sizes after the data, as streaming writers put them; the directory says 10 KB.
    const lying = await preview(workbookOf({ ...sheet, declared: 10_000, sizesAfter: true }));
    expect(lying).toMatchObject({ status: 400, body: { message: expect.stringMatching(/damaged or not an Excel \.xlsx file \(xl\/worksheets\/sheet1\.xml holds more than its header says\)/) } });

    expect(peakMb() - before).toBeLessThan(GROWTH_BOUND_MB);
  });
});

describe("a workbook whose cells all show one huge shared string", { timeout: TIMEOUT.slow }, () => {
  it("is refused with the limit it passes, and the server's peak memory grows far less than the text it would make", async () => {
    await signedIn();
    // 10 MB of one string, shown by 200 rows of two cells: 400 × 10 MB = 4 GB of cells.
    const strings = deflatedRepeat("xl/sharedStrings.xml", `${SHARED_STRINGS_HEAD}<si><t>`, "x".repeat(MB), 10, `</t></si>${SHARED_STRINGS_TAIL}`);
    const file = workbookOf(sheetSharing(["Listing Name", "Notes"], 200), strings);
    expect(file.length).toBeLessThan(20 * 1024);

    resetPeak();
    const before = peakMb();
    expect(await preview(file)).toMatchObject({
      status: 413,
      body: { message: expect.stringMatching(/^This workbook cannot be read: cell A2 holds more than 32,767 characters/) },
    });
    expect(peakMb() - before).toBeLessThan(GROWTH_BOUND_MB);
  });
});
