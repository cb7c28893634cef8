// The listings export as text: supertest would otherwise buffer a text/csv answer as a Buffer or
// not at all, and three suites read it (the export itself and both round trips).
import type { TestClient } from "./test-app.js";

/** `POST /api/listings/export` with `body`, the answer and its whole text. */
export async function exportCsv(client: TestClient, body: object = {}) {
  const res = await client
    .post("/api/listings/export")
    .send(body)
    .buffer(true)
    .parse((r, done) => {
      let text = "";
      r.setEncoding("utf8");
      r.on("data", (chunk: string) => (text += chunk));
      r.on("end", () => done(null, text));
    });
  return { res, text: res.body as string };
}
