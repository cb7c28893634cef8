import type { ListingSort } from "./listing-filters";

// Only the Sort menu, which loads with the toolbar's fact filters, needs the labels; the first
// page reads a sort from its URL by the keys alone.
/** The Sort menu, in its order: each key both ways, named as people read them. */
export const SORT_CHOICES: { sort: ListingSort; label: string }[] = [
  { sort: { key: "newest", direction: "desc" }, label: "Newest first" },
  { sort: { key: "newest", direction: "asc" }, label: "Oldest first" },
  { sort: { key: "price", direction: "asc" }, label: "Price: low to high" },
  { sort: { key: "price", direction: "desc" }, label: "Price: high to low" },
  { sort: { key: "size", direction: "asc" }, label: "Size: small to large" },
  { sort: { key: "size", direction: "desc" }, label: "Size: large to small" },
  { sort: { key: "expiration", direction: "asc" }, label: "Expiration: soonest" },
  { sort: { key: "expiration", direction: "desc" }, label: "Expiration: latest" },
  { sort: { key: "name", direction: "asc" }, label: "Name: A–Z" },
  { sort: { key: "name", direction: "desc" }, label: "Name: Z–A" },
  // The table's other columns, so a phone, which sorts
  // with this menu rather than the headers, reaches every order the table has.
  { sort: { key: "pricePerSf", direction: "asc" }, label: "Price per SF: low to high" },
  { sort: { key: "pricePerSf", direction: "desc" }, label: "Price per SF: high to low" },
  { sort: { key: "availableSf", direction: "asc" }, label: "Available SF: small to large" },
  { sort: { key: "availableSf", direction: "desc" }, label: "Available SF: large to small" },
  { sort: { key: "capRate", direction: "asc" }, label: "Cap rate: low to high" },
  { sort: { key: "capRate", direction: "desc" }, label: "Cap rate: high to low" },
  { sort: { key: "leaseRate", direction: "asc" }, label: "Lease rate: low to high" },
  { sort: { key: "leaseRate", direction: "desc" }, label: "Lease rate: high to low" },
  { sort: { key: "stage", direction: "asc" }, label: "Deal stage: first to last" },
  { sort: { key: "stage", direction: "desc" }, label: "Deal stage: last to first" },
  { sort: { key: "agent", direction: "asc" }, label: "Agent: A–Z" },
  { sort: { key: "agent", direction: "desc" }, label: "Agent: Z–A" },
  { sort: { key: "category", direction: "asc" }, label: "Category: A–Z" },
  { sort: { key: "category", direction: "desc" }, label: "Category: Z–A" },
  { sort: { key: "updated", direction: "desc" }, label: "Updated: latest" },
  { sort: { key: "updated", direction: "asc" }, label: "Updated: earliest" },
];
