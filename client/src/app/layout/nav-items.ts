import { Archive, Building2, Contact, Inbox, Lightbulb, Settings, SquareKanban, Users, type LucideIcon } from "lucide-react";

export type NavCount = "active" | "inactive" | "agents";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  count?: NavCount;
  adminOnly?: boolean;
}

/** Spec §2 "Sidebar", in order, with the deal board after the listings. */
export const NAV_ITEMS: NavItem[] = [
  { href: "/", label: "Active Listings", icon: Building2, count: "active" },
  { href: "/not-in-use", label: "Not In Use", icon: Archive, count: "inactive" },
  { href: "/pipeline", label: "Deal Board", icon: SquareKanban },
  { href: "/agents", label: "Agents", icon: Contact, count: "agents" },
  { href: "/leads", label: "Leads", icon: Inbox },
  // The Team's icon: the first page has no room for another icon's bytes (e2e/client-bundle.e2e.ts).
  { href: "/contacts", label: "Contacts", icon: Users },
  // The Leads' icon, for the same reason.
  { href: "/campaigns", label: "Campaigns", icon: Inbox },
  { href: "/wishlist", label: "Wishlist", icon: Lightbulb },
  { href: "/team", label: "Team", icon: Users, adminOnly: true },
  { href: "/settings", label: "Settings", icon: Settings },
];
