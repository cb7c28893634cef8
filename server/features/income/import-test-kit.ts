// What the rent roll's and the spaces' import tests share: the import routes of one kind, the
// kind's CSV export read back as text, and the listing's audit entries of a kind.
import { and, count, eq } from "drizzle-orm";
import { auditEvents } from "../../db/tables.js";
import type { TestClient, TestContext } from "../../test/test-app.js";

type ImportKind = "rent-roll" | "spaces";

/** `session` gives the test file's context and member once its beforeAll has made them. */
export function importKit(kind: ImportKind, session: () => { ctx: TestContext; member: TestClient }) {
  const member = () => session().member;
  return {
    entriesOf: async (listingId: string, auditKind: string) =>
      (await session().ctx.db.select({ n: count() }).from(auditEvents).where(and(eq(auditEvents.listingId, listingId), eq(auditEvents.kind, auditKind))))[0].n,
    textFile: (content: string, fileName = `${kind}.csv`) => ({ fileName, content, encoding: "text" }),
    preview: (id: string, body: object) => member().post(`/api/listings/${id}/${kind}/import/preview`).send(body),
    commit: (id: string, body: object) => member().post(`/api/listings/${id}/${kind}/import`).send(body),
    /** The kind's CSV export of these listings, as the member downloads it. */
    async exported(listingIds: string[]): Promise<string> {
      const res = await member()
        .post(`/api/listings/export/${kind}`)
        .send({ listingIds })
        .buffer(true)
        .parse((r, done) => {
          let text = "";
          r.setEncoding("utf8");
          r.on("data", (chunk: string) => (text += chunk));
          r.on("end", () => done(null, text));
        })
        .expect(200);
      return res.body as string;
    },
  };
}

/** Rows as they read without the ids a new import gives them. */
export const withoutIds = <T extends { id: number }>(rows: T[]) => rows.map(({ id: _id, ...row }) => row);
