// What a staged preview's age allows, for every operation on it (docs/decisions/201).
import { HttpError } from "../../http/http-error.js";
import type { StagedImport } from "./data.js";

export const isExpired = (row: StagedImport) => row.status === "staged" && row.expiresAt.getTime() < Date.now();
export const stagingOver = () =>
  new HttpError(410, "This preview is more than an hour old and was discarded. Upload the file again to import it.");
