import { describe, expect, it } from "vitest";
import { CAMPAIGN_STATUSES } from "@shared/campaigns";
import { audienceSummary, movesOf } from "./campaign-status";

describe("campaign status on screen", () => {
  it("offers exactly the moves the server accepts from each status", () => {
    const offered = Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, Object.entries(movesOf(s)).filter(([, ok]) => ok).map(([m]) => m)]));
    expect(offered).toEqual({
      draft: ["send", "cancel"],
      scheduled: ["send", "cancel"],
      sending: ["pause", "cancel"],
      paused: ["resume", "cancel"],
      sent: [],
      cancelled: [],
    });
  });

  it("names what an audience targets", () => {
    expect(audienceSummary({ listIds: [], segmentIds: [], contactIds: [] })).toBe("No one yet");
    expect(audienceSummary({ listIds: [1], segmentIds: [], contactIds: [] })).toBe("1 list");
    expect(audienceSummary({ listIds: [1, 2], segmentIds: [3], contactIds: [4, 5, 6] })).toBe("2 lists, 1 segment and 3 contacts");
  });
});
