import { describe, expect, it } from "vitest";
import { APP_NAME, documentTitle } from "./use-document-title";

describe("documentTitle", () => {
  it("puts the screen's name first, then the app's", () => {
    expect(documentTitle("Team")).toBe(`Team · ${APP_NAME}`);
  });

  it("is the app's name alone when the screen has none yet", () => {
    for (const title of [undefined, null, ""]) expect(documentTitle(title)).toBe(APP_NAME);
  });
});
