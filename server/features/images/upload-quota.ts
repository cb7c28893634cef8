// How much one person may upload in an hour. Counted from
// uploaded_objects, the rows every upload URL and every stored image already leave, over the
// hour before now: no counters to keep, and the same on every app server.
import { HttpError } from "../../http/http-error.js";

export interface UploadQuota {
  /** Upload URLs issued plus images saved from flyers, per user per rolling hour. */
  uploadsPerHour: number;
  /** Bytes of images stored, per user per rolling hour. */
  bytesPerHour: number;
}

export const DEFAULT_UPLOAD_QUOTA: UploadQuota = {
  uploadsPerHour: 60,
  bytesPerHour: 300 * 1024 * 1024,
};

export const UPLOAD_QUOTA_MESSAGE =
  "You have uploaded a lot of images in the last hour. Please wait a while and try again.";

export const overQuota = () => new HttpError(429, UPLOAD_QUOTA_MESSAGE);

export interface UploadUsage {
  uploads: number;
  bytes: number;
}

/** Whether one more upload (of `bytes`, when known) fits in what is left of the hour. */
export function fitsQuota(usage: UploadUsage, quota: UploadQuota, adding: { uploads: number; bytes: number }): boolean {
  return usage.uploads + adding.uploads <= quota.uploadsPerHour && usage.bytes + adding.bytes <= quota.bytesPerHour;
}
