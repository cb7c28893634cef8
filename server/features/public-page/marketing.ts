// GET /api/listings/:id/marketing: the last 90 days of a listing's public page, day by day, and
// its email campaigns.
import type { MarketingCampaign, MarketingFigures } from "../../../shared/public-page.js";
import type { Db } from "../../db/database.js";
import { getListing } from "../listings/service.js";
import { findPageFigures } from "./data.js";
import type { PageFigures } from "./page-figures.js";

export const FIGURE_DAYS = 90;

export async function marketingFigures(
  db: Db,
  figures: PageFigures,
  listingId: string,
  campaignsOf: (listingId: string) => Promise<MarketingCampaign[]> = async () => [],
  now = new Date(),
): Promise<MarketingFigures> {
  await getListing(db, listingId);
  await figures.flush();
  const dates = Array.from({ length: FIGURE_DAYS }, (_, i) => new Date(now.getTime() - (FIGURE_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10));
  const found = await findPageFigures(db, listingId, dates[0]);
  const days = dates.map((date) => {
    const day = found.days.find((d) => d.day === date);
    return {
      date,
      views: day?.views ?? 0,
      visitors: found.visitors.find((v) => v.day === date)?.n ?? 0,
      inquiries: found.inquiries.find((q) => q.day === date)?.n ?? 0,
      flyerDownloads: day?.flyerDownloads ?? 0,
    };
  });
  const sum = (key: "views" | "visitors" | "inquiries" | "flyerDownloads") => days.reduce((n, d) => n + d[key], 0);
  return { views: sum("views"), visitors: sum("visitors"), inquiries: sum("inquiries"), flyerDownloads: sum("flyerDownloads"), days, campaigns: await campaignsOf(listingId) };
}
