import { describe, expect, it } from "vitest";
import type { RoomActivityEntry } from "@shared/deal-room";
import { byBuyer, byDocument } from "./activity-summary";

const entry = (e: Partial<RoomActivityEntry>): RoomActivityEntry => ({
  grantId: 1,
  name: "Priya",
  email: "priya@example.com",
  company: null,
  documentId: 10,
  title: "Rent roll",
  folder: "Financials",
  version: 1,
  currentVersion: 2,
  action: "download",
  at: "2026-11-01T10:00:00.000Z",
  ip: null,
  userAgent: null,
  ...e,
});

// Newest first, as the API sends them.
const log = [
  entry({ grantId: 2, name: "Dana", version: 2, at: "2026-11-03T10:00:00.000Z" }),
  entry({ documentId: 11, title: "Offering memorandum", action: "view", version: 1, currentVersion: 1, at: "2026-11-02T10:00:00.000Z" }),
  entry({ documentId: 11, title: "Offering memorandum", action: "view", version: 1, currentVersion: 1, at: "2026-11-01T12:00:00.000Z" }),
  entry({}),
];

describe("the Activity panel's groupings", () => {
  it("per buyer: each document once, counted by action, with its last time", () => {
    expect(byBuyer(log)).toEqual([
      { grantId: 2, name: "Dana", email: "priya@example.com", company: null, opened: [{ documentId: 10, title: "Rent roll", views: 0, downloads: 1, lastAt: "2026-11-03T10:00:00.000Z" }] },
      {
        grantId: 1,
        name: "Priya",
        email: "priya@example.com",
        company: null,
        opened: [
          { documentId: 11, title: "Offering memorandum", views: 2, downloads: 0, lastAt: "2026-11-02T10:00:00.000Z" },
          { documentId: 10, title: "Rent roll", views: 0, downloads: 1, lastAt: "2026-11-01T10:00:00.000Z" },
        ],
      },
    ]);
  });

  it("per document: each buyer's newest version", () => {
    expect(byDocument(log)).toEqual([
      { documentId: 11, title: "Offering memorandum", currentVersion: 1, holders: [{ grantId: 1, name: "Priya", version: 1 }] },
      { documentId: 10, title: "Rent roll", currentVersion: 2, holders: [{ grantId: 2, name: "Dana", version: 2 }, { grantId: 1, name: "Priya", version: 1 }] },
    ]);
  });
});
