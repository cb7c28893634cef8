// A listing's gallery: the list and the changes to it. Every
// change moves the listing's version (and maybe its image), so each refreshes every listing query
// on screen: the gallery itself, the open listing, and the lists' cover images.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddPhoto, PatchPhoto, Photo } from "@shared/photos";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, apiRequest, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys, listingKeys } from "@/lib/query-keys";

export type { Photo };

const photosPath = (listingId: string) => `/api/listings/${encodeURIComponent(listingId)}/photos`;

export const getPhotos = (listingId: string) => apiJson<Photo[]>("GET", photosPath(listingId));

export function useListingPhotos(listingId: string | undefined) {
  return useQuery({
    queryKey: listingKeys.photos(listingId ?? ""),
    queryFn: () => getPhotos(listingId!),
    enabled: listingId !== undefined,
  });
}

export const addPhoto = (listingId: string, body: AddPhoto) => apiJson<Photo>("POST", photosPath(listingId), body);
export const patchPhoto = (listingId: string, photoId: number, body: PatchPhoto) =>
  apiJson<Photo>("PATCH", `${photosPath(listingId)}/${photoId}`, body);
export const deletePhoto = async (listingId: string, photoId: number) => {
  await apiRequest("DELETE", `${photosPath(listingId)}/${photoId}`);
};
export const reorderPhotos = (listingId: string, ids: number[]) => apiJson<Photo[]>("PUT", `${photosPath(listingId)}/order`, { ids });

/** The gallery's changes for one listing; a refusal is a toast with the server's words. */
export function usePhotoChanges(listingId: string) {
  const queryClient = useQueryClient();
  const key = listingKeys.photos(listingId);
  const refresh = () => invalidate(queryClient, ...listingChangeKeys);
  const fail = (title: string) => (error: unknown) => toastError(title, errorMessage(error));
  return {
    add: useMutation({ mutationFn: (body: AddPhoto) => addPhoto(listingId, body), onSettled: refresh, onError: fail("Could not add the photo") }),
    patch: useMutation({
      mutationFn: ({ photoId, ...body }: PatchPhoto & { photoId: number }) => patchPhoto(listingId, photoId, body),
      onSettled: refresh,
      onError: fail("Could not change the photo"),
    }),
    remove: useMutation({ mutationFn: (photoId: number) => deletePhoto(listingId, photoId), onSettled: refresh, onError: fail("Could not delete the photo") }),
    reorder: useMutation({
      mutationFn: (ids: number[]) => reorderPhotos(listingId, ids),
      // Shown in its new order at once, so a drop never jumps back while the server answers.
      onMutate: (ids) => {
        const photos = queryClient.getQueryData<Photo[]>(key);
        if (photos) queryClient.setQueryData(key, ids.map((id) => photos.find((p) => p.id === id)).filter((p): p is Photo => p !== undefined));
        return photos;
      },
      onError: (error, _ids, before) => {
        if (before) queryClient.setQueryData(key, before);
        fail("Could not reorder the photos")(error);
      },
      onSettled: refresh,
    }),
  };
}
