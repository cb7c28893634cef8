import { useQuery } from "@tanstack/react-query";
import { DEFAULT_SETTINGS } from "@shared/constants";
import type { MarketingCategory, UserSettings } from "@shared/schema";
import { apiJson } from "@/lib/api-client";
import { settingsKeys } from "@/lib/first-page-query-keys";

export const getSettings = () => apiJson<UserSettings>("GET", "/api/settings");

/** The only query that retries (spec §7): three times before the page shows its error. */
export const SETTINGS_RETRIES = 3;

export function useSettings() {
  return useQuery({ queryKey: settingsKeys.all, queryFn: getSettings, retry: SETTINGS_RETRIES });
}

/** Which settings field holds each marketing category's colour. */
export const CATEGORY_COLOR_FIELD = {
  Single: "singleColor",
  Double: "doubleColor",
  Triple: "tripleColor",
  Homerun: "homerunColor",
  "Grand Slam": "grandSlamColor",
} as const satisfies Record<MarketingCategory, keyof UserSettings>;

type CategoryColors = Pick<UserSettings, (typeof CATEGORY_COLOR_FIELD)[MarketingCategory]>;

/**
 * A category's badge colour. Until the settings arrive (or if they fail) the defaults are used,
 * and anything that is not a known category is grey like Single (spec §3).
 */
export function categoryColor(category: string, settings: CategoryColors | undefined = DEFAULT_SETTINGS): string {
  const field = CATEGORY_COLOR_FIELD[category as MarketingCategory] ?? CATEGORY_COLOR_FIELD.Single;
  return settings[field];
}
