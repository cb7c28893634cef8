// The kept render workers: a render past its wall clock is a 503 and its worker is stopped, never
// reused; the next render gets a worker that answers, and the same content makes the same bytes
// through a kept worker as through a fresh one.
import { describe, expect, it } from "vitest";
import { TIMEOUT } from "../../../testing/timeouts.js";
import { HttpError } from "../../http/http-error.js";
import { OM_RENDER_LIMITS, renderOmInWorker } from "./render-in-worker.js";
import type { OmContent } from "./render-om.js";

const content: OmContent = {
  name: "Harbor Point",
  addressLine: "1 Harbor Way, Morgantown, WV",
  headline: "For Sale",
  propertyKind: "Retail",
  brokerageName: "Summit Commercial Realty",
  accent: "#0A5C36",
  stamp: "OM v1, 2026-11-29",
  createdAt: new Date("2026-11-29T00:00:00Z"),
  sections: [
    { key: "cover", photo: null },
    { key: "confidentiality", text: "For the recipient only." },
    { key: "executive-summary", rows: [["Price", "$2,400,000"]], asOf: "2026-11-29" },
  ],
};

describe("renderOmInWorker", () => {
  it(
    "answers 503 past the wall clock, then renders with a worker that works, the same bytes each time",
    async () => {
      const late = await renderOmInWorker(content, { ...OM_RENDER_LIMITS, wallMs: 1 }).catch((err: unknown) => err);
      expect(late).toBeInstanceOf(HttpError);
      expect((late as HttpError).status).toBe(503);
      const a = await renderOmInWorker(content);
      const b = await renderOmInWorker(content);
      expect(a.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(a.equals(b)).toBe(true);
    },
    TIMEOUT.slow,
  );
});
