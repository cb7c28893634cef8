import { describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { checkPasswordStrength } from "./password-strength.js";

const who = { username: "alex.admin", email: "alex.morgan@example.com" };

describe("checkPasswordStrength", () => {
  it("accepts a phrase of uncommon words, and the test suites' shared password", () => {
    expect(checkPasswordStrength("violet tractor in the orchard", who)).toBeNull();
    expect(checkPasswordStrength(TEST_PASSWORD, who)).toBeNull();
  });

  it("refuses common, patterned or personal passwords with a reason a person can act on", () => {
    expect(checkPasswordStrength("password1", who)).toMatch(/commonly used password/);
    expect(checkPasswordStrength("qwertyuiop", who)).toMatch(/frequently used password/);
    expect(checkPasswordStrength("aaaaaaaaaaaa", who)).toMatch(/Repeated characters/);
    expect(checkPasswordStrength("Alex.Admin!2024", who)).toBe("Password must not contain your username");
    // The email's name counts as personal data, not as strength.
    expect(checkPasswordStrength("alexmorgan1", who)).not.toBeNull();
  });

  it("judges the first 64 characters, so a long pathological password is answered, not weighed for seconds", () => {
    expect(checkPasswordStrength("ab1!".repeat(64), who)).toMatch(/Repeated/);
    expect(checkPasswordStrength(`${"violet tractor in the orchard ".repeat(3)}${"a".repeat(150)}`, who)).toBeNull();
  });
});
