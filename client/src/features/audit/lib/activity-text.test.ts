import { describe, expect, it } from "vitest";
import { AUDIT_KINDS, type ActivityEntry, type AuditEntry } from "@shared/audit";
import { activityPhrase, activitySentence, auditSentence, timeAgo } from "./activity-text";

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({ id: 1, at: "2026-11-24T10:00:00Z", actor: { id: 1, username: "Dana" }, kind: "x", ...over });

describe("activitySentence", () => {
  it("reads a field change with the form's label and the facts' formatting", () => {
    const e = entry({ kind: "listing.edited", changes: { askingPrice: [1_650_000, 1_595_000], city: ["Erie", null] } });
    expect(activitySentence(e)).toBe("Dana changed Asking Price from $1,650,000 to $1,595,000 and City from Erie to empty");
  });

  it("names the bulk action and the import an entry belongs to", () => {
    expect(activitySentence(entry({ kind: "listing.bulk-edited", ref: { id: 9, kind: "bulk.edited", count: 200, fields: ["notes"] } }))).toBe(
      "Dana bulk-edited Notes with 200 listings",
    );
    expect(activitySentence(entry({ kind: "listing.imported", actor: null, ref: { id: 3, kind: "csv.imported", count: 1 } }))).toBe(
      "System created this listing in an import of 1 listing",
    );
  });

  it("reads the prospect pipeline's entries with the person, the stages and the note in full", () => {
    const facts = { leadId: 4, name: "Dana Tenant", listingName: "Harbor Depot" };
    expect(activitySentence(entry({ kind: "listing.prospect-added", details: facts }))).toBe("Dana added Dana Tenant to the prospects");
    expect(activitySentence(entry({ kind: "listing.prospect-moved", changes: { stage: ["contacted", "toured"] }, details: { ...facts, note: "Walked the site; wants 3 docks" } }))).toBe(
      "Dana moved Dana Tenant from Contacted to Toured, noting “Walked the site; wants 3 docks”",
    );
    expect(activitySentence(entry({ kind: "listing.prospect-moved", changes: { stage: ["offer", "underContract"] }, details: facts }))).toBe(
      "Dana moved Dana Tenant from Offer / LOI to Under contract",
    );
    const long = "x".repeat(300);
    expect(activitySentence(entry({ kind: "listing.prospect-noted", details: { ...facts, note: long } }))).toBe(`Dana wrote about Dana Tenant, noting “${long}”`);
    expect(activitySentence(entry({ kind: "listing.prospect-removed", details: facts }))).toBe("Dana removed Dana Tenant from the prospects");
    const logged: AuditEntry = { ...entry({ kind: "listing.prospect-removed", details: facts }), listingId: "l1", listingName: "Harbor Depot", address: null };
    expect(auditSentence(logged)).toBe("Dana removed Dana Tenant from the prospects on “Harbor Depot”");
  });

  it("reads an inquiry as the person who asked and what they wrote, shortened on one line", () => {
    const asked = entry({ kind: "listing.inquiry-received", actor: null, details: { name: "Priya Natarajan", message: "Please send the rent roll,\nT-12 and OM.", exchange1031: true } });
    expect(activitySentence(asked)).toBe("Priya Natarajan asked: “Please send the rent roll, T-12 and OM.” (1031 exchange)");
    const long = entry({ kind: "listing.inquiry-received", actor: null, details: { name: "Pat", message: "x".repeat(500), exchange1031: false } });
    expect(activitySentence(long)).toBe(`Pat asked: “${"x".repeat(199)}…”`);
    // From a closed listing's page: the team sees it was about similar properties.
    const similar = entry({ kind: "listing.inquiry-received", actor: null, details: { name: "Sam", message: "Anything like it?", exchange1031: false, about: "similar" } });
    expect(activitySentence(similar)).toBe("Sam asked about similar properties: “Anything like it?”");
    // The short form before a gated flyer: a lead asking for the flyer, with no message of its own.
    const flyer = entry({ kind: "listing.inquiry-received", actor: null, details: { name: "Fran", message: "Asked for the flyer.", exchange1031: false, about: "flyer" } });
    expect(activitySentence(flyer)).toBe("Fran asked for the flyer on the public page");
  });

  it("tells a listing made from a flyer from one made in the form", () => {
    expect(activitySentence(entry({ kind: "listing.created", details: { via: "flyer", flyerUrl: "https://example.com/f.pdf" } }))).toBe(
      "Dana created this listing from a flyer",
    );
    expect(activitySentence(entry({ kind: "listing.created", details: { via: "form" } }))).toBe("Dana created this listing");
  });

  it("reads a bulk delete as one action with its count, and each listing's part in it", () => {
    expect(activitySentence(entry({ kind: "csv.audit-exported", details: { count: 1 } }))).toBe("Dana exported 1 audit log entry to CSV");
    expect(activitySentence(entry({ kind: "bulk.deleted", details: { count: 3, ids: ["a", "b", "c"] } }))).toBe("Dana bulk-deleted 3 listings");
    expect(
      activitySentence(entry({ kind: "listing.bulk-deleted", details: { listingName: "Corner Bakery" }, ref: { id: 4, kind: "bulk.deleted", count: 3 } })),
    ).toBe("Dana deleted the listing “Corner Bakery” in a bulk delete of 3 listings");
  });

  it("reads an undone bulk edit, on the listing and in the log", () => {
    expect(activitySentence(entry({ kind: "listing.bulk-edit-undone", ref: { id: 12, kind: "bulk.edit-undone", count: 2, fields: ["notes", "marketingCategory"] } }))).toBe(
      "Dana undid a bulk edit of Notes and Marketing Category",
    );
    expect(activitySentence(entry({ kind: "bulk.edit-undone", details: { count: 2, skipped: 1, fields: ["notes"] } }))).toBe(
      "Dana undid a bulk edit of Notes on 2 listings and left 1 listing changed since as it was",
    );
  });

  // AUDIT_KINDS is every kind the server writes (its writers take no other): each has its own sentence.
  it.each(AUDIT_KINDS)("has a sentence of its own for %s, never its key", (kind) => {
    const bare = activityPhrase(entry({ kind }));
    const full = activityPhrase(entry({ kind, details: { name: "Corner", agentName: "Marcus Reed", username: "marcus", count: 2, scope: "team" }, changes: { indexable: [false, true] } }));
    for (const phrase of [bare, full]) {
      expect(phrase).not.toContain(kind);
      expect(phrase).not.toBe(activityPhrase(entry({ kind: "unknown.kind" })));
      expect(phrase).not.toMatch(/undefined|null|NaN|\[object/);
    }
  });

  it("reads the public page's, the views', the leads' and the agent links' entries", () => {
    expect(activitySentence(entry({ kind: "listing.published", details: { indexable: false } }))).toBe("Dana published this listing's public page");
    expect(activitySentence(entry({ kind: "listing.publication-changed", changes: { indexable: [false, true] } }))).toBe("Dana let search engines list the public page");
    expect(activitySentence(entry({ kind: "listing.publication-changed", changes: { flyerGate: [false, true] } }))).toBe("Dana asked for a name and email before the public page's flyer");
    expect(activitySentence(entry({ kind: "listing.publication-changed", changes: { flyerGate: [true, false] } }))).toBe("Dana let the public page's flyer download without a name and email");
    expect(activitySentence(entry({ kind: "view.edited", details: { name: "Big lots" }, changes: { locked: [false, true] } }))).toBe("Dana changed the view “Big lots”: Locked from off to on");
    expect(activitySentence(entry({ kind: "lead.edited", changes: { company: [null, "Harbor Co"] } }))).toBe("Dana changed a lead's Company from empty to Harbor Co");
    expect(activitySentence(entry({ kind: "agent.linked", details: { agentName: "Marcus Reed", username: "marcus" } }))).toBe("Dana linked the agent profile “Marcus Reed” to marcus");
    expect(activitySentence(entry({ kind: "settings.changed", changes: { myListingsInquiryAlerts: [true, false] } }))).toBe("Dana changed settings: Inquiries about my listings from on to off");
  });

  it("reads the team's kinds, and any unknown kind generically", () => {
    expect(activitySentence(entry({ kind: "team.role-changed", details: { username: "milo", isAdmin: true } }))).toBe("Dana made milo an admin");
    expect(activitySentence(entry({ kind: "auth.register" }))).toBe("Dana accepted an invitation and joined");
    expect(activitySentence(entry({ kind: "billing.plan-changed" }))).toBe("Dana made a change");
    expect(activitySentence(entry({ kind: "auth.sign-in-failed", actor: null, details: { username: "dana" } }))).toBe("Someone as “dana” failed to sign in");
  });

  it("reads an undone import once, and its part on a restored listing", () => {
    const details = { importId: "i1", fileName: "loopnet.csv", count: 4, deleted: 3, restored: 1, skipped: 1 };
    expect(activitySentence(entry({ kind: "csv.import-undone", details }))).toBe("Dana undid the import of loopnet.csv: 3 deleted, 1 restored, 1 skipped");
    expect(activitySentence(entry({ kind: "listing.import-undone", ref: { id: 5, kind: "csv.import-undone", count: 4 } }))).toBe(
      "Dana restored this listing's earlier values by undoing an import of 4 listings",
    );
  });
});

describe("timeAgo", () => {
  it("says how long ago in short words", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    expect(timeAgo("2026-11-24T11:59:30Z", now)).toBe("just now");
    expect(timeAgo("2026-11-24T11:55:00Z", now)).toBe("5 min ago");
    expect(timeAgo("2026-11-24T10:00:00Z", now)).toBe("2 h ago");
  });

  it("reads the gallery's changes", () => {
    expect(activitySentence(entry({ kind: "listing.photo-added", details: { photoId: 3, url: "/api/objects/images/x" } }))).toBe("Dana added a photo");
    expect(activitySentence(entry({ kind: "listing.photo-added", details: { sourceUrl: "https://example.com/f.pdf" } }))).toBe("Dana added a photo taken from a flyer");
    expect(activitySentence(entry({ kind: "listing.photos-reordered" }))).toBe("Dana reordered the photos");
    expect(activitySentence(entry({ kind: "listing.photo-cover-changed", details: { isCover: true } }))).toBe("Dana chose a new cover photo");
    expect(activitySentence(entry({ kind: "listing.photo-rights-confirmed" }))).toBe("Dana confirmed the team may use a photo");
    expect(activitySentence(entry({ kind: "listing.photo-removed" }))).toBe("Dana deleted a photo");
  });
});

describe("auditSentence", () => {
  const logged = (over: Partial<AuditEntry>): AuditEntry => ({ ...entry({}), listingId: null, address: null, ...over });

  it("names the listing of a listing-level entry", () => {
    expect(auditSentence(logged({ kind: "listing.starred", listingId: "l1", listingName: "Corner Bakery" }))).toBe("Dana starred “Corner Bakery”");
    expect(auditSentence(logged({ kind: "listing.edited", listingId: "l1", listingName: "Mill Lofts", changes: { city: ["Erie", "Mobile"] } }))).toBe(
      "Dana changed City from Erie to Mobile on “Mill Lofts”",
    );
    expect(auditSentence(logged({ kind: "listing.deleted", listingId: "l1", listingName: "Gone", details: { listingName: "Gone" } }))).toBe(
      "Dana deleted the listing “Gone”",
    );
  });

  it("reads the posts written for an import as one entry naming it", () => {
    const ref = { id: 3, kind: "csv.imported", at: "2026-11-24T14:02:00Z", count: 141 };
    expect(auditSentence(logged({ kind: "posts.import-generated", actor: null, ref, details: { count: 141, writer: "built-in" } }))).toBe(
      "System generated posts with the built-in writer for 141 listings of the CSV import of Nov 24, 2:02 PM",
    );
    expect(
      auditSentence(logged({ kind: "posts.import-generated", actor: null, ref, details: { count: 2, writer: "built-in", importName: "loopnet.csv" } })),
    ).toBe("System generated posts with the built-in writer for 2 listings of the import of “loopnet.csv”");
  });
});
