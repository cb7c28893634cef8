import { describe, expect, it } from "vitest";
import type { ImportCommitReply } from "@shared/imports/wire";
import { initialWizardState, previewRequest, valuesLeftToFail, wizardReducer, type ImportPreview, type WizardState } from "./wizard-state";

const source = { fileName: "loopnet.csv", content: "UHJvcGVydHk=", size: 8 };

function preview(overrides: Partial<ImportPreview> = {}): ImportPreview {
  return {
    id: "imp-1",
    target: "listings",
    fileName: "loopnet.csv",
    format: "csv",
    charset: "utf-8",
    delimiter: ",",
    columns: [
      { index: 0, header: "Property", samples: ["Bay Plaza", "Oak Court", "Elm Lofts"], filled: 3 },
      { index: 1, header: "Status", samples: ["For Sale", "For Lease", "Sale/Lease"], filled: 3 },
      { index: 2, header: "", samples: ["x", "y", "z"], filled: 3 },
    ],
    mapping: ["listingName", "offeringType", null],
    valueMaps: { offeringType: { "For Sale": "Sell", "For Lease": "Lease", Auction: null } },
    defaults: {},
    matchBy: "nameAddress",
    cityStateFrom: null,
    cityStateSources: [],
    summary: { create: 2, update: 0, unchanged: 0, fail: 1 },
    duplicateRows: 0,
    missingRequired: ["address"],
    nameFromAddress: false,
    warnings: [],
    suggestedMatchBy: "nameAddress",
    valueNotes: {},
    savedMapping: false,
    expiresAt: "2026-11-25T00:00:00.000Z",
    ...overrides,
  };
}

const run = (...actions: Parameters<typeof wizardReducer>[1][]) => actions.reduce<WizardState>(wizardReducer, initialWizardState);

describe("the import wizard's state", () => {
  it("starts the Map step from the server's suggestions, then edits a copy of them", () => {
    const first = preview();
    const state = run(
      { type: "file", source },
      { type: "suggested", preview: first },
      { type: "column", index: 2, target: "propertyDescription" },
      { type: "value", field: "offeringType", fileValue: "Auction", value: "Sell" },
      { type: "default", field: "marketingCategory", text: "Single" },
      { type: "matchBy", matchBy: "link" },
    );
    expect(state.step).toBe("map");
    expect(state.suggestion).toEqual(["listingName", "offeringType", null]);
    expect(state.draft).toEqual({
      mapping: ["listingName", "offeringType", "propertyDescription"],
      valueMaps: { offeringType: { "For Sale": "Sell", "For Lease": "Lease", Auction: "Sell" } },
      defaults: { marketingCategory: "Single" },
      matchBy: "link",
      cityStateFrom: null,
    });
    // The server's answer is kept as it came.
    expect(first.mapping).toEqual(["listingName", "offeringType", null]);
    expect(first.valueMaps.offeringType.Auction).toBeNull();
  });

  it("sends the file alone for suggestions, and the whole mapping once it is the person's", () => {
    expect(previewRequest(source, { charset: "windows-1252" })).toStrictEqual({
      target: "listings",
      fileName: "loopnet.csv",
      content: "UHJvcGVydHk=",
      encoding: "base64",
      charset: "windows-1252",
    });
    const state = run(
      { type: "file", source },
      { type: "suggested", preview: preview() },
      // Offering Type moved off its column: its value map is no longer sent.
      { type: "column", index: 1, target: null },
      { type: "default", field: "offeringType", text: " Sell " },
      { type: "default", field: "zoning", text: "  " },
    );
    const request = previewRequest(source, state.options, state.draft);
    expect(request).toMatchObject({
      fileName: "loopnet.csv",
      content: "UHJvcGVydHk=",
      encoding: "base64",
      mapping: ["listingName", null, null],
      valueMaps: {},
      defaults: { offeringType: "Sell" },
      matchBy: "nameAddress",
    });
  });

  it("keeps Contacts chosen through a new file and a restart, and sends a contacts file its mapping alone", () => {
    const state = run({ type: "target", target: "contacts" }, { type: "file", source }, { type: "suggested", preview: preview({ target: "contacts", mapping: [null, null, null] }) });
    expect(state.target).toBe("contacts");
    // Once past the File step the choice is fixed: the mapping on screen is for it.
    expect(wizardReducer(state, { type: "target", target: "listings" }).target).toBe("contacts");
    expect(wizardReducer(state, { type: "restart" }).target).toBe("contacts");
    expect(previewRequest(source, {}, state.draft, "contacts")).toStrictEqual({
      target: "contacts",
      fileName: "loopnet.csv",
      content: "UHJvcGVydHk=",
      encoding: "base64",
      mapping: [null, null, null],
    });
  });

  it("assigns every listing to the agent chosen in Import CSV: a default, and no column left to override it", () => {
    const withAgentColumn = preview({ mapping: ["listingName", "offeringType", "agentId"] });
    const state = run({ type: "file", source }, { type: "suggested", preview: withAgentColumn }, { type: "assignAgent", name: "Dana Reyes" });
    expect(state.draft?.mapping).toEqual(["listingName", "offeringType", null]);
    expect(state.draft?.defaults).toEqual({ agentId: "Dana Reyes" });
    expect(previewRequest(source, {}, state.draft).defaults).toEqual({ agentId: "Dana Reyes" });
    // The server's own suggestion is untouched, so the Map step still shows what it proposed.
    expect(state.suggestion).toEqual(["listingName", "offeringType", "agentId"]);
  });

  it("keeps a blank default's input until it is removed", () => {
    const state = run({ type: "file", source }, { type: "suggested", preview: preview() }, { type: "default", field: "zoning", text: "" });
    expect(state.draft?.defaults).toEqual({ zoning: "" });
    expect(wizardReducer(state, { type: "removeDefault", field: "zoning" }).draft?.defaults).toEqual({});
  });

  it("goes Map → Preview → Import → Result, and back to Map from the preview", () => {
    const result: ImportCommitReply = { successful: [{ action: "create", id: "l1" }], failed: [] };
    let state = run({ type: "file", source }, { type: "suggested", preview: preview() });
    expect(wizardReducer(state, { type: "committing" }).step).toBe("map");
    state = wizardReducer(state, { type: "previewed", preview: preview({ id: "imp-2" }) });
    expect([state.step, state.preview?.id]).toEqual(["preview", "imp-2"]);
    expect(wizardReducer(state, { type: "back" }).step).toBe("map");
    state = wizardReducer(state, { type: "committing" });
    expect(state.step).toBe("import");
    expect(wizardReducer(state, { type: "backToPreview" }).step).toBe("preview");
    state = wizardReducer(state, { type: "committed", result });
    expect([state.step, state.commit]).toEqual(["result", result]);
    expect(wizardReducer(state, { type: "restart" })).toEqual(initialWizardState);
  });

  it("starts afresh with another file, and keeps read options across previews", () => {
    let state = run({ type: "file", source }, { type: "options", options: { delimiter: ";" } }, { type: "suggested", preview: preview() });
    expect(state.options).toEqual({ delimiter: ";" });
    state = wizardReducer(state, { type: "file", source: { ...source, fileName: "crexi.xlsx" } });
    expect(state).toEqual({ ...initialWizardState, source: { ...source, fileName: "crexi.xlsx" } });
  });

  it("counts values left to fail per field", () => {
    expect(valuesLeftToFail({ offeringType: { a: null, b: "Sell", c: null }, dealStage: { x: "Active" } })).toEqual([{ field: "offeringType", count: 2 }]);
  });
  it("does not count a deal stage left unset: its rows are imported without one", () => {
    expect(valuesLeftToFail({ dealStage: { "Coming Soon": null, Sold: "Closed" } })).toEqual([]);
  });
});

describe("City and State from a link column", () => {
  const withLink = preview({
    columns: [
      { index: 0, header: "Street", samples: ["54 High St"], filled: 1 },
      { index: 1, header: "Link", samples: ["https://www.loopnet.com/Listing/54-High-St-Morgantown-WV/1/"], filled: 1 },
    ],
    mapping: ["address", "looplinkLink"],
    valueMaps: {},
    cityStateFrom: 1,
    cityStateSources: [{ column: 1, example: "Morgantown, WV" }],
  });
  it("starts from the server's choice, can be turned off, and is not sent once columns hold City and State", () => {
    const suggested = run({ type: "file", source }, { type: "suggested", preview: withLink });
    expect(previewRequest(source, {}, suggested.draft).cityStateFrom).toBe(1);
    const off = wizardReducer(suggested, { type: "cityStateFrom", column: null });
    expect(previewRequest(source, {}, off.draft).cityStateFrom).toBeNull();
    const ownColumn = wizardReducer(suggested, { type: "column", index: 0, target: "fullAddress" });
    expect(previewRequest(source, {}, ownColumn.draft).cityStateFrom).toBeNull();
  });
});

describe("the match rule follows the mapping until the person chooses one (docs/decisions/375)", () => {
  // A LoopNet scrape: a link in every row, an address and a "City, State".
  const scrape = preview({
    columns: [
      { index: 0, header: "Address", samples: ["1 High St"], filled: 3 },
      { index: 1, header: "City, State", samples: ["Morgantown, West Virginia"], filled: 3 },
      { index: 2, header: "Link", samples: ["https://www.loopnet.com/Listing/1/"], filled: 3 },
      { index: 3, header: "Flyer", samples: ["https://example.com/1.pdf"], filled: 2 },
    ],
    mapping: ["address", "cityState", "looplinkLink", null],
    valueMaps: {},
    matchBy: "link",
    suggestedMatchBy: "link",
  });

  it("goes to address and city when the link column is ignored, and back to the link when it is mapped again", () => {
    const suggested = run({ type: "file", source }, { type: "suggested", preview: scrape });
    expect(suggested.draft?.matchBy).toBe("link");
    const ignored = wizardReducer(suggested, { type: "column", index: 2, target: null });
    expect(ignored.draft?.matchBy).toBe("address");
    // A flyer column blank in a row is no key.
    expect(wizardReducer(ignored, { type: "column", index: 3, target: "marketingFlyerLink" }).draft?.matchBy).toBe("address");
    expect(wizardReducer(ignored, { type: "column", index: 2, target: "looplinkLink" }).draft?.matchBy).toBe("link");
    expect(wizardReducer(ignored, { type: "column", index: 1, target: null }).draft?.matchBy).toBe("nameAddress");
  });

  it("stays as the person chose it, or as a saved mapping says", () => {
    const chosen = run({ type: "file", source }, { type: "suggested", preview: scrape }, { type: "matchBy", matchBy: "nameAddress" });
    expect(wizardReducer(chosen, { type: "column", index: 2, target: null }).draft?.matchBy).toBe("nameAddress");
    const saved = run({ type: "file", source }, { type: "suggested", preview: { ...scrape, savedMapping: true, matchBy: "none" } });
    expect(wizardReducer(saved, { type: "column", index: 2, target: null }).draft?.matchBy).toBe("none");
  });
});
