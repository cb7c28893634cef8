// Deal-room uploads through the API, for the documents tests and the access matrix's rows.
import type { ListingDocument } from "../../../shared/documents.js";
import type { TestClient } from "../../test/test-app.js";

/** A small rent roll, as a CSV. */
export const RENT_ROLL_CSV = Buffer.from("Unit,Tenant,Rent\n101,Acme Dental,4200\n102,Vacant,0\n");

/** Uploads `bytes` as `fileName` through a fresh upload link and returns the url to attach. */
export async function uploadDocumentFile(agent: TestClient, fileName: string, bytes: Buffer): Promise<string> {
  const ticket = await agent.post("/api/documents/upload").send({ fileName, contentType: "application/octet-stream", size: bytes.length }).expect(200);
  await agent.put(ticket.body.uploadURL).set("Content-Type", "application/octet-stream").send(bytes).expect(200);
  return ticket.body.url;
}

/** Uploads a file and attaches it to the listing as a new document (201). */
export async function addDocument(
  agent: TestClient,
  listingId: string,
  file: { fileName: string; bytes: Buffer } = { fileName: "rent-roll.csv", bytes: RENT_ROLL_CSV },
  fields: Record<string, unknown> = {},
): Promise<ListingDocument> {
  const url = await uploadDocumentFile(agent, file.fileName, file.bytes);
  const res = await agent.post(`/api/listings/${listingId}/documents`).send({ url, title: "Rent roll", level: "ca", ...fields }).expect(201);
  return res.body;
}
