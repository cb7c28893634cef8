// The upload engine behind the upload dialog: Uppy with its S3 plugin doing one plain PUT per
// image. Heavy, so only the lazily loaded dialog imports it.
import AwsS3 from "@uppy/aws-s3";
import Uppy, { type Body, type Meta } from "@uppy/core";
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES, UNSUPPORTED_IMAGE_MESSAGE } from "@shared/constants";
import { ApiError, errorMessage } from "@/lib/api-client";
import { requestImageUpload } from "../api/request-image-upload";

export type ImageUploader = Uppy<Meta, Body>;

export interface ImageUploaderEvents {
  /** True from the moment Upload is pressed until the upload succeeds, fails or is cancelled. */
  onUploadingChange(uploading: boolean): void;
  /** The image's address, from the upload ticket (never the upload URL, which may be a bucket's). */
  onUploaded(imageUrl: string): void;
  /** Every file of the batch is uploaded, none failed. */
  onAllUploaded?(): void;
}

const UPLOAD_FAILED = "The image could not be uploaded. Please try again.";

/**
 * The words for a failed upload. The file's PUT fails with the storage's status and body: ours
 * answers JSON {message} (too large, not an image, link expired); a bucket answers XML, which
 * says nothing useful to a person.
 */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error, UPLOAD_FAILED);
  const failed = error as { name?: string; status?: unknown; body?: unknown; message?: unknown } | null;
  // Uppy's own error for a failed PUT: read it as the ApiError it is.
  if (failed && typeof failed.status === "number") {
    return errorMessage(new ApiError(failed.status, typeof failed.body === "string" ? failed.body : "", ""), UPLOAD_FAILED);
  }
  if (failed?.name === "S3NetworkError") return errorMessage(new TypeError("network"));
  return typeof failed?.message === "string" && failed.message ? failed.message : UPLOAD_FAILED;
}

/**
 * Statuses that say this file will never be taken (too large, not an image, too many pixels,
 * unreadable): trying the same file again cannot help, so no Retry is offered. Anything else
 * (no connection, a server failure, an expired link, the hourly quota) may pass next time.
 */
const FINAL_REFUSALS = new Set([400, 413, 415, 422]);

/** Whether an upload failure is a refusal that cannot succeed on a retry. */
export function isFinalRefusal(error: unknown): boolean {
  const status = error instanceof ApiError ? error.status : (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && FINAL_REFUSALS.has(status);
}

/** `maxFiles`: one for a listing's image (spec §9), more for its gallery. */
export function createImageUploader(events: ImageUploaderEvents, maxFiles = 1): ImageUploader {
  // The address the server gave with each file's latest ticket (a retry asks for a new one).
  const imageUrls = new Map<string, string>();

  const uppy: ImageUploader = new Uppy({
    id: "listing-image",
    // Spec §5: nothing starts until the person presses Upload.
    autoProceed: false,
    restrictions: {
      maxNumberOfFiles: maxFiles,
      maxFileSize: MAX_IMAGE_BYTES,
      allowedFileTypes: [...ACCEPTED_IMAGE_TYPES],
    },
    locale: {
      strings: {
        youCanOnlyUploadFileTypes: UNSUPPORTED_IMAGE_MESSAGE,
        exceedsSize: "%{file} is too large. Images can be at most %{size}",
      },
      pluralize: (count) => (count === 1 ? 0 : 1),
    },
  });

  uppy.use(AwsS3, {
    // Spec §7: a single PUT, multipart off. The same code serves our signed URLs and a bucket's.
    shouldUseMultipart: false,
    limit: 1,
    // The file's id is the key, so each ticket's image address can be found again on success.
    generateObjectKey: (file) => file.id,
    signRequest: async (request) => {
      if (request.method !== "PUT" || "uploadId" in request) {
        throw new Error(`Image uploads are single PUTs; ${request.method} is not signed`);
      }
      const { uploadURL, imageUrl } = await requestImageUpload();
      imageUrls.set(request.key, imageUrl);
      // Local storage hands out a path; Uppy parses the URL, which needs it absolute.
      const url = new URL(uploadURL, window.location.href).toString();
      return { url, headers: request.contentType ? { "content-type": request.contentType } : undefined };
    },
  });

  let uploading = false;
  uppy.on("state-update", () => {
    // Making the thumbnail (preprocess) is the upload's first step: the form waits from there.
    const running = uppy
      .getFiles()
      .some((f) => !f.error && (f.progress.preprocess || (f.progress.uploadStarted && !f.progress.uploadComplete)));
    if (running === uploading) return;
    uploading = running;
    events.onUploadingChange(running);
  });

  uppy.on("upload-success", (file) => {
    const imageUrl = file ? imageUrls.get(file.id) : undefined;
    if (imageUrl) events.onUploaded(imageUrl);
  });

  // Uppy reports "Failed to upload x" with the raw status as a hover detail; say what happened.
  uppy.on("upload-error", (file, error) => {
    const message = uploadErrorMessage(error);
    const raw = error?.message;
    const { info } = uppy.getState();
    uppy.setState({
      error: message,
      info: info.map((shown) => (shown.type === "error" && shown.details === raw ? { ...shown, message, details: null } : shown)),
    });
    if (file && uppy.getFile(file.id)) uppy.setFileState(file.id, { error: message });
  });

  // A finished upload leaves the widget empty for the next one.
  uppy.on("complete", (result) => {
    if (!result?.successful?.length || result.failed?.length) return;
    setTimeout(() => uppy.clear(), 0);
    events.onAllUploaded?.();
  });

  return uppy;
}
