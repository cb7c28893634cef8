// The preview image's words fit whatever the headline (docs/guides/public-page-and-leads.md, "Its
// images"): a long one shrinks, then wraps to two lines, then ends in an ellipsis, and the market
// status is always there. Checked twice: by the layout's own measured widths, and by reading the
// pixels of the drawn caption back.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND } from "../../../shared/brand.js";
import type { OfferingType } from "../../../shared/enumerations.js";
import type { DealStage } from "../../../shared/listing-fact-choices.js";
import { LIMITS } from "../../../shared/schema.js";
import { flyerContent, type FlyerListing } from "../flyer/flyer-content.js";
import { caption, OG_MARGIN, ogLayout } from "./og-image.js";
import type { PageModel } from "./page-model.js";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "./render-page.js";

function modelOf(listingName: string, { offeringType = "Sell", dealStage = null, city = "Morgantown", address = "500 River Road" }: { offeringType?: OfferingType; dealStage?: DealStage | null; city?: string; address?: string } = {}): PageModel {
  const listing: FlyerListing = {
    id: "00000000-0000-0000-0000-000000000000",
    listingName,
    address,
    city,
    state: "WV",
    zip: "26505",
    addressConfidential: false,
    offeringType,
    propertyDescription: "",
    marketingCategory: "Double",
    marketingFlyerLink: "",
    looplinkLink: "",
    propertyType: null,
    propertySubtype: null,
    askingPrice: null,
    leaseRate: null,
    leaseRateUnit: null,
    leaseType: null,
    buildingSizeSf: null,
    availableSizeSf: null,
    lotSizeAcres: null,
    yearBuilt: null,
    buildingClass: null,
    capRate: null,
    zoning: null,
    dealStage,
    listingDate: null,
    expirationDate: null,
  };
  return {
    url: null,
    ogImageUrl: "/l/x/og.jpg",
    siteName: "Listing Desk",
    content: flyerContent(listing, null, DEFAULT_BRAND),
    listing: { ...listing, latitude: null, longitude: null } as unknown as PageModel["listing"],
    publishedAt: null,
    indexable: false,
    flyerGate: false,
    photos: [],
    logoPath: null,
    map: null,
    brand: DEFAULT_BRAND,
    promisedBy: null,
  };
}

/** The columns where the drawn caption has bright (text) pixels, over a black picture. */
async function inkedColumns(m: PageModel): Promise<{ left: number; right: number }> {
  const { data, info } = await sharp({ create: { width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, channels: 3, background: "#000" } })
    .composite([{ input: await caption(m) }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  let left = Infinity;
  let right = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      // White words (and the badge's white capitals); the dark band and orange badge are below this.
      if (data[i] > 200 && data[i + 1] > 200 && data[i + 2] > 200) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return { left, right };
}

const longest = LIMITS.shortText;

describe("the preview image's words", () => {
  it("keep a short headline on one line at full size", async () => {
    const layout = await ogLayout(modelOf("Riverside Plaza"));
    expect(layout.lines.map((l) => [l.text, l.size])).toEqual([
      ["For Sale: Riverside Plaza", 52],
      ["500 River Road, Morgantown, WV 26505", 32],
    ]);
  });

  it("shrink a headline a little too long for one line before wrapping it", async () => {
    const layout = await ogLayout(modelOf("Riverside Commons Retail Plaza"));
    const title = layout.lines.filter((l) => l.bold);
    expect(title).toHaveLength(1);
    expect(title[0].size).toBeLessThan(52);
    expect(title[0].text).toBe("For Sale: Riverside Commons Retail Plaza");
    expect(title[0].width).toBeLessThanOrEqual(OG_IMAGE_WIDTH - 2 * OG_MARGIN);
  });

  it("wrap a longer one to two lines, whole words on the first", async () => {
    const name = "Riverside Commons Shopping Center and Medical Office Park, Phases I and II";
    const layout = await ogLayout(modelOf(name));
    const title = layout.lines.filter((l) => l.bold);
    expect(title).toHaveLength(2);
    expect(`${title[0].text} ${title[1].text}`).toBe(`For Sale: ${name}`);
  });

  it.each([
    ["the widest letters", "W".repeat(longest)],
    ["wide words", "WAREHOUSE MMM ".repeat(20).slice(0, longest)],
    ["one word that fills a line", `${"M".repeat(60)} Plaza ${"W".repeat(longest - 67)}`],
  ])("fit the longest name a listing may have (%s) inside the picture: two lines, then an ellipsis", async (_, name) => {
    expect(name.length).toBe(longest);
    const m = modelOf(name, { offeringType: "Sell/Lease", dealStage: "Under Contract", address: "1 ".repeat(100).trim(), city: "W".repeat(longest) });
    const layout = await ogLayout(m);
    const title = layout.lines.filter((l) => l.bold);
    expect(title).toHaveLength(2);
    expect(title[0].text.startsWith("For Sale or Lease")).toBe(true);
    expect(title[1].text.endsWith("…")).toBe(true);
    for (const line of layout.lines) {
      expect(line.width, line.text).toBeLessThanOrEqual(OG_IMAGE_WIDTH - 2 * OG_MARGIN);
      expect(line.y, line.text).toBeLessThan(OG_IMAGE_HEIGHT);
    }
    // The market status: the badge above the band.
    expect(layout.badge?.text).toBe("UNDER CONTRACT");
    // Read back from the drawn pixels: nothing bright past either margin.
    const { left, right } = await inkedColumns(m);
    expect(left).toBeGreaterThanOrEqual(OG_MARGIN);
    expect(right).toBeLessThan(OG_IMAGE_WIDTH - OG_MARGIN);
  });

  it("say the market status: the offering while on the market, the closed words once closed", async () => {
    expect((await ogLayout(modelOf("Corner Shop"))).lines[0].text).toBe("For Sale: Corner Shop");
    expect((await ogLayout(modelOf("Corner Shop", { offeringType: "Lease", dealStage: "Closed" }))).lines[0].text).toBe("Leased: Corner Shop");
    const under = await ogLayout(modelOf("Corner Shop", { dealStage: "Under Contract" }));
    expect(under.badge?.text).toBe("UNDER CONTRACT");
    expect(under.badge!.y + 52).toBeGreaterThan(under.bandTop);
  });
});
