import { describe, expect, it } from "vitest";
import { insertMention, matchUsernames, mentionCandidates, mentionQueryAt, mentionSegments, resolveMentions } from "./mentions.js";

const team = ["sam", "Alex.Kim", "jo_ann", "dev-ops", "sam.", "bob"];
const mentions = (text: string) => resolveMentions(text, team);

describe("resolveMentions", () => {
  it("finds a mention at the start, after a space and after a newline", () => {
    expect(mentions("@bob please call")).toEqual(["bob"]);
    expect(mentions("ask @bob")).toEqual(["bob"]);
    expect(mentions("first line\n@bob second")).toEqual(["bob"]);
    expect(mentions("tab\t@bob")).toEqual(["bob"]);
  });

  it("leaves punctuation after a name out of it", () => {
    expect(mentions("thanks @bob, @jo_ann! and @dev-ops?")).toEqual(["bob", "jo_ann", "dev-ops"]);
    expect(mentions("call @bob.")).toEqual(["bob"]);
    expect(mentions("ask @alex.kim.")).toEqual(["Alex.Kim"]);
    expect(mentions("(see @bob's note)")).toEqual(["bob"]);
  });

  it("prefers the longest existing name, so a username ending in a dot still works", () => {
    expect(mentions("hi @sam.")).toEqual(["sam."]);
    expect(resolveMentions("hi @sam.", ["sam"])).toEqual(["sam"]);
    expect(resolveMentions("hi @sam...", ["sam"])).toEqual(["sam"]);
  });

  it("ignores email addresses and an @ glued to other text", () => {
    expect(mentions("mail bob@example.com or sam@x.org")).toEqual([]);
    expect(mentions("(@bob) x@@bob")).toEqual([]);
  });

  it("ignores unknown names and a bare @", () => {
    expect(mentions("@nobody and @ alone and @")).toEqual([]);
    expect(mentions("@bobby is not @bob")).toEqual(["bob"]);
  });

  it("matches ignoring case and returns each user once, spelled as stored, in order", () => {
    expect(mentions("@ALEX.KIM @bob @alex.kim @Bob")).toEqual(["Alex.Kim", "bob"]);
  });

  it("reports a self-mention like any other (the server skips the author)", () => {
    expect(resolveMentions("note to @me", ["me"])).toEqual(["me"]);
  });
});

describe("mentionCandidates", () => {
  it("lists each lower-cased reading once, for one lookup", () => {
    expect(mentionCandidates("@Sam. @sam, x@bob.com @Jo_Ann")).toEqual(["sam.", "sam", "jo_ann"]);
    expect(mentionCandidates("no mentions here")).toEqual([]);
  });
});

describe("mentionQueryAt", () => {
  it("opens on an @ at the start or after whitespace, with what was typed after it", () => {
    expect(mentionQueryAt("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionQueryAt("hi @sa", 6)).toEqual({ start: 3, query: "sa" });
    expect(mentionQueryAt("line\n@Al", 8)).toEqual({ start: 5, query: "Al" });
    expect(mentionQueryAt("hi @sa rest", 6)).toEqual({ start: 3, query: "sa" });
  });

  it("stays closed after a space, inside an email address, or after punctuation", () => {
    expect(mentionQueryAt("hi @sam ", 8)).toBeNull();
    expect(mentionQueryAt("bob@exa", 7)).toBeNull();
    expect(mentionQueryAt("hi @sam,", 8)).toBeNull();
    expect(mentionQueryAt("no at here", 10)).toBeNull();
  });
});

describe("matchUsernames", () => {
  it("keeps names containing the query, ignoring case, those starting with it first", () => {
    expect(matchUsernames(team, "AL")).toEqual(["Alex.Kim"]);
    expect(matchUsernames(["casey", "sal", "alex"], "al")).toEqual(["alex", "sal"]);
    expect(matchUsernames(team, "")).toEqual(team);
    expect(matchUsernames(team, "zz")).toEqual([]);
  });
});

describe("insertMention", () => {
  it("replaces the partial name with the chosen one and a space, caret after it", () => {
    expect(insertMention("hi @sa", 6, "sam")).toEqual({ text: "hi @sam ", caret: 8 });
    expect(insertMention("@", 1, "Alex.Kim")).toEqual({ text: "@Alex.Kim ", caret: 10 });
  });

  it("keeps the text after the caret and does not double an existing space", () => {
    expect(insertMention("hi @sa and more", 6, "sam")).toEqual({ text: "hi @sam and more", caret: 8 });
    expect(insertMention("hi @s, ok", 5, "sam")).toEqual({ text: "hi @sam , ok", caret: 8 });
  });

  it("swallows the rest of a name the caret sits inside", () => {
    expect(insertMention("ask @samx today", 7, "sam")).toEqual({ text: "ask @sam today", caret: 9 });
  });

  it("does nothing when the caret is not in a mention", () => {
    expect(insertMention("bob@ex", 6, "sam")).toBeNull();
    expect(insertMention("hi @sam ", 8, "sam")).toBeNull();
  });
});

describe("mentionSegments", () => {
  it("cuts out mentions of known users, keeping what was typed", () => {
    expect(mentionSegments("ask @BOB, then @nobody", team)).toEqual([
      { text: "ask " },
      { text: "@BOB", mention: "bob" },
      { text: ", then @nobody" },
    ]);
  });

  it("leaves trailing punctuation and email addresses as plain text", () => {
    expect(mentionSegments("@alex.kim. mail bob@x.org", team)).toEqual([
      { text: "@alex.kim", mention: "Alex.Kim" },
      { text: ". mail bob@x.org" },
    ]);
  });

  it("gives the whole text as one run when nothing is mentioned", () => {
    expect(mentionSegments("plain", team)).toEqual([{ text: "plain" }]);
    expect(mentionSegments("", team)).toEqual([]);
  });

  it("puts the pieces back together exactly", () => {
    const text = "@sam. and @sam.\n@jo_ann!@bob";
    expect(mentionSegments(text, team).map((s) => s.text).join("")).toBe(text);
  });
});
