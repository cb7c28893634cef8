// schema.org RealEstateListing for a public page: a sale's Offer with its price in USD, a lease's
// offer as a UnitPriceSpecification, the place's PostalAddress without the street when the
// address is confidential, and the agent with the brokerage they work for.
import type { PageModel } from "./page-model.js";

import type { LeaseRateUnit } from "../../../shared/listing-fact-choices.js";
import type { MarketState } from "../../../shared/market-status.js";

const LEASE_UNITS: Record<LeaseRateUnit, string> = {
  "per SF/yr": "per square foot per year",
  "per SF/mo": "per square foot per month",
  "per month": "per month",
  "per year": "per year",
};

// schema.org ItemAvailability by market status: under contract still takes back-up offers; a closed
// deal is sold out. Off the market has no page.
const AVAILABILITY: Record<MarketState, string> = {
  active: "https://schema.org/InStock",
  underContract: "https://schema.org/LimitedAvailability",
  closed: "https://schema.org/SoldOut",
  offMarket: "https://schema.org/Discontinued",
};

function offers(m: PageModel) {
  const { listing: l } = m;
  const availability = AVAILABILITY[m.content.market.state];
  const out: Record<string, unknown>[] = [];
  if (l.offeringType.startsWith("Sell") || l.offeringType === "Transfer") {
    out.push({
      "@type": "Offer",
      ...(l.askingPrice ? { price: l.askingPrice } : {}),
      priceCurrency: "USD",
      availability,
    });
  }
  if (l.offeringType.includes("Lease")) {
    out.push({
      "@type": "Offer",
      businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
      availability,
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        ...(l.leaseRate != null ? { price: l.leaseRate } : {}),
        priceCurrency: "USD",
        ...(l.leaseRateUnit ? { unitText: LEASE_UNITS[l.leaseRateUnit] } : {}),
      },
    });
  }
  return out.length === 1 ? out[0] : out;
}

function additionalProperties(m: PageModel) {
  const { listing: l } = m;
  const props: [string, unknown][] = [
    ["Building size (SF)", l.buildingSizeSf],
    ["Lot size (acres)", l.lotSizeAcres],
    ["Cap rate (%)", l.offeringType.startsWith("Sell") ? l.capRate : null],
    ["Zoning", l.zoning?.trim() || null],
    ["Year built", l.yearBuilt],
  ];
  return props.filter(([, v]) => v !== null && v !== undefined && v !== "").map(([name, value]) => ({ "@type": "PropertyValue", name, value }));
}

export function listingJsonLd(m: PageModel): Record<string, unknown> {
  const { listing: l, content: c } = m;
  const address = {
    "@type": "PostalAddress",
    ...(l.addressConfidential ? {} : { streetAddress: l.address.trim() }),
    addressLocality: l.city.trim(),
    addressRegion: l.state,
    ...(l.zip && !l.addressConfidential ? { postalCode: l.zip } : {}),
    addressCountry: "US",
  };
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: c.name,
    ...(m.url ? { url: m.url } : {}),
    description: c.description,
    ...(m.publishedAt ? { datePosted: m.publishedAt.toISOString() } : {}),
    image: m.ogImageUrl,
    offers: offers(m),
    about: { "@type": "Place", name: c.name, address, additionalProperty: additionalProperties(m) },
    ...(c.agent
      ? {
          provider: {
            "@type": "RealEstateAgent",
            name: c.agent.name,
            ...(c.agent.phone ? { telephone: c.agent.phone } : {}),
            ...(c.agent.email ? { email: c.agent.email } : {}),
            ...(m.brand.brokerageName ? { worksFor: { "@type": "Organization", name: m.brand.brokerageName } } : {}),
          },
        }
      : {}),
  };
}
