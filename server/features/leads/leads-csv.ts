// The leads as CSV: one row per lead, its listings and stages in one cell, every cell neutralised
// like the listings export (a spreadsheet never runs what a visitor typed as a formula).
import { neutraliseCell, toCsvLine } from "../../../shared/csv-columns.js";
import type { LeadSummary } from "../../../shared/leads.js";

const HEADER = ["Name", "Email", "Phone", "Company", "Role", "Source", "Created", "Last Activity", "Listings"];

export function leadsCsv(leads: LeadSummary[]): string {
  const rows = leads.map((l) =>
    [l.name, l.email, l.phone ?? "", l.company ?? "", l.role, l.source, l.createdAt, l.lastActivityAt, l.listings.map((x) => `${x.listingName} (${x.stage})`).join("; ")].map(neutraliseCell),
  );
  return [HEADER, ...rows].map(toCsvLine).join("");
}
