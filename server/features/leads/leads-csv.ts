// The leads as CSV: one row per lead, its listings and stages in one cell, its inquiries counted
// with the latest message in full; every cell neutralised like the listings export (a spreadsheet
// never runs what a visitor typed as a formula). Written in batches, so the file streams.
import { neutraliseCell, toCsvLine } from "../../../shared/csv-columns.js";
import type { LeadSummary } from "../../../shared/leads.js";

const HEADER = ["Name", "Email", "Phone", "Company", "Role", "Source", "Created", "Last Activity", "Listings", "Inquiries", "1031 Exchange", "Latest Message"];

export const leadsCsvHeader = (): string => toCsvLine(HEADER);

export function leadsCsvRows(leads: LeadSummary[]): string {
  return leads
    .map((l) =>
      [
        l.name,
        l.email,
        l.phone ?? "",
        l.company ?? "",
        l.role,
        l.source,
        l.createdAt,
        l.lastActivityAt,
        l.listings.map((x) => `${x.listingName} (${x.stage})`).join("; "),
        String(l.inquiryCount),
        l.exchange1031 ? "Yes" : "No",
        l.latestMessage ?? "",
      ].map(neutraliseCell),
    )
    .map(toCsvLine)
    .join("");
}
