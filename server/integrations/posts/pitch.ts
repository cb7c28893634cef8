// Whom a listing's posts speak to, from its facts rather than its offering type alone
// (docs/decisions/363-posts-pitch-follows-the-facts.md): a sale with income in place (a cap
// rate, an occupancy, NNN leases, or a description that says it is leased) speaks to investors
// and the income; a sale without to owner-users (land to developers); a lease to tenants and the
// brokers who represent them; a business for transfer to operators and business buyers.
import type { PropertyType } from "../../../shared/listing-fact-choices.js";
import { extractClaims } from "./claims.js";
import type { Offering } from "./listing-facts.js";

export type PitchKind = "investment" | "owner-user" | "development" | "lease" | "business";

export interface Pitch {
  /** Every audience the listing has, the main one first. */
  kinds: PitchKind[];
  /** "investors", "owner-users, tenants and tenant reps". */
  audience: string;
}

// Words that say the property is sold with its tenants: "leased to", "tenants in place", "NOI".
const INCOME =
  /\b(?:leased to|tenants? in place|in-place (?:income|rents?|leases?)|rent roll|NOI|net operating income|income[- ]producing|investment (?:property|opportunity|sale)|sale[- ]leaseback|(?:years?|term) (?:remaining )?on (?:the |a )?(?:primary )?lease|long[- ]term (?:NNN |net |absolute net )?lease)\b/iu;
// Words that say it is not: bought to occupy.
const VACANT = /\b(?:vacant|owner[- ]users?|owner[- ]occupan(?:t|cy)|delivered empty|unoccupied)\b/iu;

const AUDIENCES: Record<PitchKind, string[]> = {
  investment: ["investors"],
  "owner-user": ["owner-users"],
  development: ["developers", "builders"],
  lease: ["tenants", "tenant reps"],
  business: ["operators", "business buyers"],
};

/** True when the listing is sold for its income, as its facts or its description say. */
export function isInvestment(description: string, capRate: number | null | undefined, type: PropertyType | null | undefined): boolean {
  const { occupancy, tripleNet } = extractClaims(description);
  if (capRate != null || occupancy !== null) return true;
  if (VACANT.test(description)) return false;
  return tripleNet || INCOME.test(description) || type === "Multifamily";
}

export function pitchOf(description: string, offering: Offering, capRate: number | null | undefined, type: PropertyType | null | undefined): Pitch {
  const kinds: PitchKind[] = [];
  if (offering.transfers) kinds.push("business");
  if (offering.buys) kinds.push(isInvestment(description, capRate, type) ? "investment" : type === "Land" ? "development" : "owner-user");
  if (offering.leases) kinds.push("lease");
  const who = kinds.flatMap((k) => AUDIENCES[k]);
  const audience = who.length > 1 ? `${who.slice(0, -1).join(", ")} and ${who[who.length - 1]}` : who[0];
  return { kinds, audience };
}
