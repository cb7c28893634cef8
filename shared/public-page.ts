// A listing's public page: the publication as the
// team sees and sets it. The page lives at /l/<token>; `showAddress` is the inverse of the
// listing's one confidential-address flag, never a second flag.
import type { CampaignCounts, CampaignStatus } from "./campaigns.js";
import { z } from "zod";

export interface Publication {
  published: boolean;
  /** Absolute: the trusted origin (PUBLIC_URL or the app address), else the asking member's own origin, + /l/<token>. */
  url: string;
  indexable: boolean;
  showAddress: boolean;
  /** Ask a visitor for a name and an email before the flyer downloads (the request is a lead); off by default. */
  flyerGate: boolean;
  /** When it was last published; null before the first time. */
  publishedAt: string | null;
  /** In the brokerage's inventory while published (docs/guides/inventory-and-feed.md). */
  inventory: boolean;
  /** In the listings feed while published. */
  syndicate: boolean;
}

export const publicationUpdateSchema = z.strictObject({
  published: z.boolean({ error: "published must be true or false" }),
  indexable: z.boolean({ error: "indexable must be true or false" }).optional(),
  showAddress: z.boolean({ error: "showAddress must be true or false" }).optional(),
  flyerGate: z.boolean({ error: "flyerGate must be true or false" }).optional(),
  inventory: z.boolean({ error: "inventory must be true or false" }).optional(),
  syndicate: z.boolean({ error: "syndicate must be true or false" }).optional(),
});
/** The inventory switch refused on an unpublished listing. */
export const INVENTORY_NEEDS_PUBLISHED = "Publish the listing's page before showing it in the brokerage's inventory";
export type PublicationUpdate = z.infer<typeof publicationUpdateSchema>;

/** Where a listing's page lives, from its token. */
export const publicPagePath = (token: string) => `/l/${token}`;

export interface MarketingDay {
  date: string;
  views: number;
  visitors: number;
  inquiries: number;
  flyerDownloads: number;
}

/** A published page's last 90 days; `visitors` is the sum of each day's distinct visitors. */
export interface MarketingFigures {
  views: number;
  visitors: number;
  inquiries: number;
  flyerDownloads: number;
  days: MarketingDay[];
  /** The listing's email campaigns (not drafts), newest first, with their counts (docs/guides/campaigns.md). */
  campaigns: MarketingCampaign[];
}

export interface MarketingCampaign {
  id: number;
  name: string;
  status: CampaignStatus;
  /** When a scheduled campaign sends. */
  scheduledAt: string | null;
  startedAt: string | null;
  /** When the last message went (a sent campaign) or it was cancelled. */
  finishedAt: string | null;
  updatedAt: string;
  counts: CampaignCounts;
}
