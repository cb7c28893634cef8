import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { isFinalRefusal } from "./image-uploader";

describe("isFinalRefusal", () => {
  it("is true for refusals of the file itself, from our storage or the API", () => {
    for (const status of [400, 413, 415, 422]) {
      expect(isFinalRefusal({ name: "S3Error", status, body: "{}" }), String(status)).toBe(true);
      expect(isFinalRefusal(new ApiError(status, "{}", "")), String(status)).toBe(true);
    }
  });

  it("is false for what may pass next time: the network, the server, an expired link, the quota", () => {
    expect(isFinalRefusal({ name: "S3NetworkError", message: "network" })).toBe(false);
    expect(isFinalRefusal(new TypeError("Failed to fetch"))).toBe(false);
    for (const status of [403, 410, 429, 500, 502, 503]) expect(isFinalRefusal({ status }), String(status)).toBe(false);
    expect(isFinalRefusal(null)).toBe(false);
  });
});
