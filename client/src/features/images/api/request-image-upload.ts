import { apiJson } from "@/lib/api-client";

export interface ImageUploadTicket {
  /** Where the browser PUTs the file: a signed address on this site, or a presigned bucket URL. */
  uploadURL: string;
  /** The image's own address once uploaded; this, never the upload URL, is saved on the listing. */
  imageUrl: string;
}

// No mutation hook: the upload widget asks for one ticket per file, outside React.
export const requestImageUpload = () => apiJson<ImageUploadTicket>("POST", "/api/objects/upload");
