// A listing's deal-room documents (docs/guides/deal-room.md): the list, each one's versions, and
// the changes. An upload is three steps: a link from the server, the file PUT to it (the app or
// a bucket), then the attach that checks the file and records it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DocumentLevel, DocumentVersion, ListingDocument, PatchDocument } from "@shared/documents";
import { toastError } from "@/components/ui/use-toast";
import { ApiError, apiJson, apiRequest, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingKeys } from "@/lib/query-keys";

export type { DocumentVersion, ListingDocument };

const documentsPath = (listingId: string) => `/api/listings/${encodeURIComponent(listingId)}/documents`;
export const documentKeys = {
  list: (listingId: string) => [...listingKeys.detail(listingId), "documents"] as const,
  versions: (listingId: string, documentId: number) => [...listingKeys.detail(listingId), "documents", documentId, "versions"] as const,
};

export function useListingDocuments(listingId: string) {
  return useQuery({ queryKey: documentKeys.list(listingId), queryFn: () => apiJson<ListingDocument[]>("GET", documentsPath(listingId)) });
}

export function useDocumentVersions(listingId: string, documentId: number, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.versions(listingId, documentId),
    queryFn: () => apiJson<DocumentVersion[]>("GET", `${documentsPath(listingId)}/${documentId}/versions`),
    enabled,
  });
}

/** The listing's name for the room's heading. */
export function useRoomListingName(listingId: string) {
  return useQuery({
    queryKey: [...listingKeys.detail(listingId), "room-heading"],
    queryFn: async () => (await apiJson<{ listingName: string }>("GET", `/api/listings/${encodeURIComponent(listingId)}`)).listingName,
  });
}

/** PUTs the file with XMLHttpRequest, the one browser API that reports an upload's progress. */
function putFile(uploadURL: string, file: File, onProgress?: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", uploadURL);
    // Our own link needs the session cookie; a bucket's is presigned and takes none.
    request.withCredentials = new URL(uploadURL, window.location.href).origin === window.location.origin;
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new ApiError(request.status, request.responseText, request.statusText));
    // As fetch does when the network is down: errorMessage reads a TypeError as "could not reach the server".
    request.onerror = () => reject(new TypeError("network"));
    request.send(file);
  });
}

/** Sends the file to a fresh upload link; returns the address to attach. */
export async function uploadFile(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const ticket = await apiJson<{ uploadURL: string; url: string }>("POST", "/api/documents/upload", {
    fileName: file.name,
    contentType: file.type || "application/octet-stream",
    size: file.size,
  });
  await putFile(ticket.uploadURL, file, onProgress);
  return ticket.url;
}

export interface NewDocument {
  file: File;
  /** Called as the file's bytes go up, with the share sent so far. */
  onProgress?(fraction: number): void;
  title: string;
  folder: string;
  level: DocumentLevel;
  downloadable: boolean;
}

/** The room's changes for one listing; a refusal is a toast with the server's words. */
export function useDocumentChanges(listingId: string) {
  const queryClient = useQueryClient();
  // The timeline shows each change too.
  const refresh = () => invalidate(queryClient, documentKeys.list(listingId), listingKeys.activity(listingId));
  const fail = (title: string) => (error: unknown) => toastError(title, errorMessage(error));
  return {
    add: useMutation({
      mutationFn: async ({ file, onProgress, ...fields }: NewDocument) =>
        apiJson<ListingDocument>("POST", documentsPath(listingId), { url: await uploadFile(file, onProgress), ...fields }),
      onSettled: refresh,
      onError: fail("Could not add the document"),
    }),
    addVersion: useMutation({
      mutationFn: async ({ documentId, file }: { documentId: number; file: File }) =>
        apiJson<ListingDocument>("POST", `${documentsPath(listingId)}/${documentId}/versions`, { url: await uploadFile(file) }),
      onSettled: (_doc, _error, { documentId }) => {
        refresh();
        void invalidate(queryClient, documentKeys.versions(listingId, documentId));
      },
      onError: fail("Could not upload the new version"),
    }),
    patch: useMutation({
      mutationFn: ({ documentId, ...body }: PatchDocument & { documentId: number }) =>
        apiJson<ListingDocument>("PATCH", `${documentsPath(listingId)}/${documentId}`, body),
      onSettled: refresh,
      onError: fail("Could not change the document"),
    }),
    remove: useMutation({
      mutationFn: async (documentId: number) => {
        await apiRequest("DELETE", `${documentsPath(listingId)}/${documentId}`);
      },
      onSettled: refresh,
      onError: fail("Could not delete the document"),
    }),
  };
}
