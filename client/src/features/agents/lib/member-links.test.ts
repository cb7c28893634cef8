import { describe, expect, it } from "vitest";
import { linkedMember, profileOf, suggestedMember, suggestedProfile } from "./member-links";

const members = [
  { id: 1, username: "marcus", email: "Marcus@Example.com" },
  { id: 2, username: "dana", email: "dana@example.com" },
  { id: 3, username: "noemail", email: null },
];

describe("member links", () => {
  it("suggests the member with the same email (any case), unless linked elsewhere or already linked", () => {
    const marcus = { id: "a", email: " marcus@example.com", userId: null };
    expect(suggestedMember(marcus, members, [marcus])?.username).toBe("marcus");
    const taken = { id: "b", email: "x@example.com", userId: 1 };
    expect(suggestedMember(marcus, members, [marcus, taken])).toBeUndefined();
    expect(suggestedMember({ id: "c", email: null, userId: null }, members, [])).toBeUndefined();
    expect(suggestedMember({ ...marcus, userId: 2 }, members, [])).toBeUndefined();
  });

  it("suggests to a member without a profile the unlinked one with their email", () => {
    const free = { id: "a", email: "MARCUS@example.com", userId: null };
    expect(suggestedProfile(members[0], [free])?.id).toBe("a");
    expect(suggestedProfile(members[0], [free, { id: "b", email: null, userId: 1 }])).toBeUndefined();
    expect(suggestedProfile(members[2], [{ id: "c", email: null, userId: null }])).toBeUndefined();
  });

  it("finds the linked member and a member's own profile", () => {
    const agents = [{ id: "a", email: null, userId: 2 }];
    expect(linkedMember(agents[0], members)?.username).toBe("dana");
    expect(profileOf(2, agents)?.id).toBe("a");
    expect(profileOf(1, agents)).toBeUndefined();
    expect(profileOf(undefined, agents)).toBeUndefined();
  });
});
