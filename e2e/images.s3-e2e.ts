// The upload dialog with S3 storage: the browser PUTs the image straight to the bucket's
// presigned URL (CORS and the CSP must let it), and the app then shows the verified image and
// its 600-pixel copy from the bucket. Runs against scripts/start-swift.sh (npm run test:s3).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestBucket, testBucketName, testS3Config } from "../server/integrations/storage/s3-test-bucket";
import { fileInput, HARBOR, openUploadDialog, OWN_IMAGE, png, preview, watchedSignedInPage } from "./support/images";
import { fillRequired, openAddDialog } from "./support/listing-form";
import { getListing, uniqueToken } from "./support/listings";
import { screenshot, useSuite } from "./support/suite";
import { card, toast } from "./support/ui";

const config = testS3Config(testBucketName());
let bucket: Awaited<ReturnType<typeof createTestBucket>>;

describe("listing images on S3", () => {
  // Registered before the suite's own hooks, so the bucket exists when the server starts.
  beforeAll(async () => {
    bucket = await createTestBucket(config.bucket);
  });
  afterAll(() => bucket?.destroy());

  const suite = useSuite({
    serverEnv: {
      S3_BUCKET: config.bucket,
      S3_ENDPOINT: config.endpoint!,
      S3_REGION: config.region!,
      S3_ACCESS_KEY_ID: config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey!,
      S3_FORCE_PATH_STYLE: "true",
    },
  });

  it("uploads a picked file to the bucket and shows it on the new listing's card", async () => {
    const { context, page, problems } = await watchedSignedInPage(suite);
    const name = `${uniqueToken("s3")} Harbor Storefront`;
    const form = await openAddDialog(page);
    await fillRequired(page, form, name, HARBOR);

    const puts: { url: string; status: number }[] = [];
    page.on("response", (res) => {
      if (res.request().method() === "PUT") puts.push({ url: res.url(), status: res.status() });
    });
    const upload = await openUploadDialog(page, form);
    await fileInput(upload).setInputFiles({ name: "storefront.png", mimeType: "image/png", buffer: await png(1200, 900, { r: 180, g: 83, b: 9 }) });
    await upload.getByText("storefront.png").first().waitFor();
    await upload.getByRole("button", { name: /^Upload 1 file/ }).click();
    await upload.waitFor({ state: "detached" });
    await preview(form).waitFor();

    // One PUT, to the bucket itself rather than through the app.
    expect(puts).toHaveLength(1);
    expect(puts[0].url.startsWith(`${config.endpoint}/${config.bucket}/incoming/`)).toBe(true);
    expect(puts[0].status).toBe(200);
    await expect.poll(() => preview(form).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);

    await form.getByRole("button", { name: "Create Listing" }).click();
    await toast(page, "Listing created successfully").waitFor();
    const cardImage = card(page, name).locator("img").first();
    await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
    await screenshot(page, "images-s3-card-desktop");

    const listings = (await (await context.request.get("/api/listings/active")).json()) as { id: string; listingName: string }[];
    const saved = await getListing(context, listings.find((l) => l.listingName === name)!.id);
    expect(saved.imageUrl).toMatch(OWN_IMAGE);
    const key = saved.imageUrl!.split("/").pop()!;
    // The checked upload now lives under images/, with its card copy beside it.
    expect(await bucket.names()).toEqual([`images/${key}`, `thumbs/${key}-w600.webp`]);
    expect(problems).toEqual([]);
  });
});
