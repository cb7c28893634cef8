// Deal-room documents over a real bucket (see vitest.s3.config.ts): the browser PUTs straight to
// the bucket, and attaching moves the file out of the link's reach before checking and hashing it
// (docs/decisions/381-deal-room-files-checked-when-attached.md).
import { createHash } from "node:crypto";
import type supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentVersion } from "../../../shared/documents.js";
import { createTestBucket } from "../../integrations/storage/s3-test-bucket.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TINY_PNG } from "../../test/uploads.js";
import { NOT_A_PDF } from "./file-checks.js";
import { RENT_ROLL_CSV } from "./test-documents.js";

let bucket: Awaited<ReturnType<typeof createTestBucket>>;
let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  bucket = await createTestBucket();
  ctx = await createTestContext({ storage: bucket.storage });
  member = (await ctx.userAgent()).agent;
});
afterAll(async () => {
  await ctx.close();
  await bucket.destroy();
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const binary = ((res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<supertest.Test["parse"]>[0];

async function uploadToBucket(fileName: string, bytes: Buffer) {
  const { body } = await member.post("/api/documents/upload").send({ fileName, size: bytes.length }).expect(200);
  expect(body.uploadURL).not.toContain("/api/documents/files/");
  const put = (payload: Buffer) => fetch(body.uploadURL, { method: "PUT", body: new Uint8Array(payload) });
  expect((await put(bytes)).status).toBe(200);
  return { url: body.url as string, put };
}

describe("documents in a bucket", () => {
  it("records the SHA-256 of the bytes kept: a later PUT with the still-valid link changes nothing", async () => {
    const listing = await createListing(ctx.db);
    const { url, put } = await uploadToBucket("rent-roll.csv", RENT_ROLL_CSV);
    const res = await member.post(`/api/listings/${listing.id}/documents`).send({ url, title: "Rent roll", level: "ca" }).expect(201);
    expect(res.body).toMatchObject({ size: RENT_ROLL_CSV.length, sha256: sha256(RENT_ROLL_CSV), contentType: "text/csv" });

    expect((await put(Buffer.from("Unit,Rent\n101,1\n"))).status).toBe(200);
    const [version]: DocumentVersion[] = (await member.get(`/api/listings/${listing.id}/documents/${res.body.id}/versions`).expect(200)).body;
    const file = await member.get(version.fileUrl).buffer(true).parse(binary).expect(200);
    expect(sha256(file.body as Buffer)).toBe(sha256(RENT_ROLL_CSV));
  });

  it("refuses a file that is not what its name says and deletes it from the bucket", async () => {
    const listing = await createListing(ctx.db);
    const { url } = await uploadToBucket("OM.pdf", TINY_PNG);
    const res = await member.post(`/api/listings/${listing.id}/documents`).send({ url, title: "OM", level: "ca" }).expect(415);
    expect(res.body.message).toBe(NOT_A_PDF);
    const key = url.split("/").pop()!;
    expect(await bucket.storage.stat(`docs/${key}`)).toBeNull();
    expect(await bucket.storage.stat(`docsin/${key}`)).toBeNull();
  });
});
