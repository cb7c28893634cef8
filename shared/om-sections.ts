// The sections of an offering memorandum (docs/guides/offering-memorandum.md): their keys, titles
// and default order, and the shape of the list a team or the brokerage saves. Client-safe.
import { z } from "zod";
import "./zod-setup.js";

export const OM_SECTIONS = [
  { key: "cover", title: "Cover" },
  { key: "confidentiality", title: "Confidentiality and Disclaimer" },
  { key: "contents", title: "Contents" },
  { key: "executive-summary", title: "Executive Summary" },
  { key: "highlights", title: "Investment Highlights" },
  { key: "property-overview", title: "Property Overview" },
  { key: "photos", title: "Photos and Plans" },
  { key: "spaces", title: "Available Spaces" },
  { key: "tenants", title: "Tenant Profiles" },
  { key: "rent-roll", title: "Rent Roll" },
  { key: "lease-expirations", title: "Lease Expiration Schedule" },
  { key: "operating-statement", title: "Operating Statement" },
  { key: "location", title: "Location" },
  { key: "team", title: "The Team" },
] as const;

export type OmSectionKey = (typeof OM_SECTIONS)[number]["key"];
export const OM_SECTION_KEYS = OM_SECTIONS.map((s) => s.key) as OmSectionKey[];
export const omSectionTitle = (key: OmSectionKey) => OM_SECTIONS.find((s) => s.key === key)?.title ?? key;

/** Always in the OM, always first: the cover, then the brand's confidentiality terms before any figure. */
export const PINNED_SECTIONS: readonly OmSectionKey[] = ["cover", "confidentiality"];

export interface OmSectionChoice {
  key: OmSectionKey;
  enabled: boolean;
}

export const DEFAULT_OM_SECTIONS: OmSectionChoice[] = OM_SECTION_KEYS.map((key) => ({ key, enabled: true }));

export const PINNED_MESSAGE = "The cover and the confidentiality page are always first and always on";

export const omSectionsSchema = z
  .object({
    sections: z
      .array(z.object({ key: z.enum(OM_SECTION_KEYS as [OmSectionKey, ...OmSectionKey[]], { message: "Unknown section" }), enabled: z.boolean({ message: "enabled must be true or false" }) }).strict())
      .max(OM_SECTIONS.length),
  })
  .strict()
  .superRefine(({ sections }, ctx) => {
    const keys = sections.map((s) => s.key);
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: "custom", path: ["sections"], message: "Each section may be listed once" });
    const pinnedOk = PINNED_SECTIONS.every((key, i) => sections[i]?.key === key && sections[i].enabled);
    if (!pinnedOk) ctx.addIssue({ code: "custom", path: ["sections"], message: PINNED_MESSAGE });
  });

/**
 * A saved list made whole: pinned sections first and on, then the saved order, then any section
 * added since it was saved (on, in its default place at the end).
 */
export function normalizeOmSections(saved: readonly { key: string; enabled: boolean }[] | null | undefined, fallback: readonly OmSectionChoice[] = DEFAULT_OM_SECTIONS): OmSectionChoice[] {
  const source = saved ?? fallback;
  const known = new Set<string>(OM_SECTION_KEYS);
  const out: OmSectionChoice[] = PINNED_SECTIONS.map((key) => ({ key, enabled: true }));
  for (const s of source) {
    if (known.has(s.key) && !out.some((o) => o.key === s.key)) out.push({ key: s.key as OmSectionKey, enabled: s.enabled });
  }
  for (const key of OM_SECTION_KEYS) if (!out.some((o) => o.key === key)) out.push({ key, enabled: true });
  return out;
}

/** One section as the builder shows it: on or off, and whether the listing's data can fill it. */
export interface OmBuilderSection extends OmSectionChoice {
  title: string;
  pinned: boolean;
  /** Null when the section prints; otherwise why it is left out although on ("No rent roll yet"). */
  omitted: string | null;
}

/** GET /api/listings/:id/om. */
export interface OmBuilder {
  sections: OmBuilderSection[];
  /** True while the listing follows the brokerage's defaults (it has saved no list of its own). */
  usesDefaults: boolean;
  /** Shown to the member before download, never printed in the OM (the reconciliation). */
  warnings: string[];
  /** The OM's version as of now, and the day it was reached ("OM v3, 2026-12-02"). */
  version: number;
  versionDate: string;
}

/** "OM v3, 2026-12-02". */
export const omVersionStamp = (version: number, date: string) => `OM v${version}, ${date}`;

/** The short summary a member writes when publishing the OM to the deal room; mailed to buyers holding an older version. */
export const OM_SUMMARY_MAX = 300;
export const omPublishSchema = z
  .object({
    summary: z
      .string({ message: "Write a short summary of what changed" })
      .trim()
      .min(1, "Write a short summary of what changed")
      .max(OM_SUMMARY_MAX, `The summary is at most ${OM_SUMMARY_MAX} characters`),
  })
  .strict();

/** `POST /api/listings/:id/om/publish`: the deal room's document, its new version, and how many buyers were told. */
export interface OmPublished {
  documentId: number;
  documentVersion: number;
  omVersion: number;
  /** Buyers holding an older version who were mailed (none without mail set up). */
  notified: number;
}
