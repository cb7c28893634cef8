import type { ListingSummary as ListingSummaryDto, ListingWithMeta as ListingWithMetaDto } from "@shared/schema";
import type { Wire } from "@shared/wire";

/** A listing in the lists (no posts), as it arrives in JSON. */
export type ListingSummary = Wire<ListingSummaryDto>;

/** One listing in full (with its posts), as it arrives in JSON. */
export type ListingWithMeta = Wire<ListingWithMetaDto>;
