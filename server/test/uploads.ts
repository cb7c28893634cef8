// Uploads through the API, for the images and photos tests and their access matrix rows.
import type { TestClient } from "./test-app.js";

/** A valid 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

export async function requestUploadUrl(agent: TestClient): Promise<{ uploadURL: string; imageUrl: string }> {
  const res = await agent.post("/api/objects/upload").expect(200);
  return res.body;
}

/** Uploads `bytes` as `agent` through a fresh local upload URL and returns the image URL. */
export async function uploadImage(agent: TestClient, bytes: Buffer = TINY_PNG): Promise<string> {
  const { uploadURL } = await requestUploadUrl(agent);
  const res = await agent.put(uploadURL).set("Content-Type", "image/png").send(bytes).expect(200);
  return res.body.imageUrl;
}
