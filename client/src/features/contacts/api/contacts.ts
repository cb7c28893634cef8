import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { CONTACTS_PAGE_MAX, type Contact, type ContactCreate, type ContactFilter, type ContactList, type ContactPatch, type ContactSegment } from "@shared/contacts";
import { apiJson, apiRequest } from "@/lib/api-client";
import { leadKeys, listingKeys } from "@/lib/query-keys";
import { nextPageOf } from "@/features/leads/api/leads";

// Kept here, not in lib/query-keys.ts, which the first page loads and which has no bytes to spare.
const contactKeys = {
  all: ["/api/contacts"],
  lists: ["/api/contact-lists"],
  segments: ["/api/contact-segments"],
  /** Under listingKeys.all: a listing's edit can change who matches it. */
  matching: (listingId: string) => [...listingKeys.all, encodeURIComponent(listingId), "matching-contacts"],
} as const;

/** Where the contacts CSV downloads from (formula-neutralised on the server). */
export const CONTACTS_CSV_HREF = "/api/contacts/export.csv";

/** The page's filters as GET /api/contacts's query (a list's members when listId is set). */
export function contactsQuery(filter: ContactFilter, listId: number | null): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  for (const [key, values] of [
    ["tag", filter.tags],
    ["role", filter.roles],
    ["status", filter.statuses],
  ] as const) {
    for (const v of values ?? []) params.append(key, v);
  }
  if (listId !== null) params.set("listId", String(listId));
  return params;
}

export function useContacts(filter: ContactFilter, listId: number | null) {
  const query = contactsQuery(filter, listId).toString();
  return useInfiniteQuery({
    queryKey: [...contactKeys.all, "list", query],
    queryFn: ({ pageParam }) => contactsPage(pageParam),
    initialPageParam: `/api/contacts?${query}`,
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
  });
}

async function contactsPage(url: string) {
  const res = await apiRequest("GET", url);
  return { contacts: (await res.json()) as Contact[], next: nextPageOf(res.headers.get("Link")) };
}

/**
 * Every contact, newest first, for the Contacts page to filter in the browser (docs/guides/contacts-and-campaigns.md):
 * the largest pages the API gives, one after another until the last. The first page shows at once;
 * `complete` says whether the rest has arrived. A page that has arrived stays the same array while
 * the next ones come, so what is made from it can be kept.
 */
export function useContactBook() {
  const book = useInfiniteQuery({
    queryKey: [...contactKeys.all, "book"],
    queryFn: ({ pageParam }) => contactsPage(pageParam),
    initialPageParam: `/api/contacts?limit=${CONTACTS_PAGE_MAX}`,
    getNextPageParam: (last) => last.next,
    // A page's contacts are new objects or none: comparing the whole book with itself each time
    // a page arrives would cost more than it saves.
    structuralSharing: false,
  });
  const { hasNextPage, isFetching, isError, fetchNextPage } = book;
  // Not while any fetch runs: a refetch after an edit walks every page itself. A failed page stops
  // the walk; the page offers to retry.
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);
  const pages = useMemo(() => book.data?.pages.map((p) => p.contacts), [book.data]);
  return { ...book, pages, complete: book.data !== undefined && !hasNextPage };
}

/** The subscribed contacts whose interests accept the listing (GET /api/listings/:id/matching-contacts). */
export function useMatchingContacts(listingId: string | null) {
  return useQuery({
    queryKey: contactKeys.matching(listingId ?? ""),
    queryFn: () => apiJson<{ count: number; contacts: Contact[] }>("GET", `/api/listings/${encodeURIComponent(listingId ?? "")}/matching-contacts`),
    enabled: listingId !== null,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    void queryClient.invalidateQueries({ queryKey: contactKeys.lists });
    void queryClient.invalidateQueries({ queryKey: leadKeys.all });
    // Who matches a listing follows the contacts' interests.
    void queryClient.invalidateQueries({ queryKey: listingKeys.all });
  };
}

export function useSaveContact() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: ContactCreate | ContactPatch }) =>
      id === null ? apiJson<Contact>("POST", "/api/contacts", values) : apiJson<Contact>("PATCH", `/api/contacts/${id}`, values),
    onSuccess: refresh,
  });
}

export function useDeleteContact() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => apiRequest("DELETE", `/api/contacts/${id}`), onSuccess: refresh });
}

export const useContactLists = () => useQuery({ queryKey: contactKeys.lists, queryFn: () => apiJson<ContactList[]>("GET", "/api/contact-lists") });
export const useContactSegments = () => useQuery({ queryKey: contactKeys.segments, queryFn: () => apiJson<ContactSegment[]>("GET", "/api/contact-segments") });

export function useCreateList() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (name: string) => apiJson<ContactList>("POST", "/api/contact-lists", { name }), onSuccess: refresh });
}

export function useAddToList() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ listId, contactIds }: { listId: number; contactIds: number[] }) => apiJson<ContactList>("POST", `/api/contact-lists/${listId}/members`, { contactIds }),
    onSuccess: refresh,
  });
}

export function useSaveSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; filter: ContactFilter }) => apiJson<ContactSegment>("POST", "/api/contact-segments", body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactKeys.segments }),
  });
}
