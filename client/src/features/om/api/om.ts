// A listing's offering memorandum builder (docs/guides/offering-memorandum.md): its sections, why
// any is left out, the warnings to read before download, and the brokerage's default sections.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OmBuilder, OmPublished, OmSectionChoice } from "@shared/om-sections";
import { apiJson } from "@/lib/api-client";

export type { OmBuilder, OmPublished, OmSectionChoice };

const base = (listingId: string) => `/api/listings/${encodeURIComponent(listingId)}`;
// Under the listing's key: every change to the listing (its rent roll, its statement) refreshes it.
const omKey = (listingId: string) => ["/api/listings", encodeURIComponent(listingId), "om"];
const defaultsKey = ["/api/settings/om-defaults"];

/** The PDF: a plain link downloads it with the session cookie. */
export const omPdfUrl = (listingId: string) => `${base(listingId)}/om.pdf`;

export const useOmBuilder = (listingId: string) => useQuery({ queryKey: omKey(listingId), queryFn: () => apiJson<OmBuilder>("GET", `${base(listingId)}/om`) });

export function useSaveOmSections(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sections: OmSectionChoice[]) => apiJson<OmBuilder>("PUT", `${base(listingId)}/om`, { sections }),
    onSuccess: (builder) => queryClient.setQueryData(omKey(listingId), builder),
  });
}

export const useOmDefaults = () => useQuery({ queryKey: defaultsKey, queryFn: () => apiJson<{ sections: OmSectionChoice[] }>("GET", "/api/settings/om-defaults") });

export function useSaveOmDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sections: OmSectionChoice[]) => apiJson<{ sections: OmSectionChoice[] }>("PUT", "/api/settings/om-defaults", { sections }),
    onSuccess: (saved) => {
      queryClient.setQueryData(defaultsKey, saved);
      // Listings following the defaults show them next time.
      void queryClient.invalidateQueries({ queryKey: ["/api/listings"] });
    },
  });
}

/** Publishes the OM as it is now to the deal room (admins and the listing's agent). */
export function usePublishOm(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (summary: string) => apiJson<OmPublished>("POST", `${base(listingId)}/om/publish`, { summary }),
    // The deal room's documents and the timeline show the new version.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["/api/listings", encodeURIComponent(listingId)] }),
  });
}
