// usernameKey is the one case-insensitive form of a name, computed in JavaScript
// only (the database's lower() follows its locale and disagreed for İ, Σ and ß).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usernameKey, usernameSchema } from "./index.js";

/** Characters whose case mappings are special: Turkish i, sharp s, sigma, titlecase digraphs, ligatures, full-width. */
const tricky = [..."İIıiÌÍĨßẞSsſΣσςΐΰΆǅǄǆĲĳŉﬀﬁﬃﬓﬔᾼᾳῼΩΩÅÅKkkʼÄäaA0١३._-ａＡＺｚ＿ẛᲀᲈ"].concat(["i\u0307", "a\u0308", "\u0345"]);

const character = fc.oneof(
  fc.constantFrom(...tricky),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"),
);

/** Usernames as the schema outputs them (trimmed, NFKC), built from the characters above. */
const username = fc
  .array(character, { minLength: 3, maxLength: 32 })
  .map((chars) => usernameSchema.safeParse(chars.join("")))
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data as string);

describe("usernameKey", () => {
  it("is idempotent and the same for a name in upper, lower and its own case (property)", () => {
    fc.assert(
      fc.property(username, (name) => {
        const key = usernameKey(name);
        expect(usernameKey(key)).toBe(key);
        expect(usernameKey(name.toUpperCase())).toBe(key);
        expect(usernameKey(name.toLowerCase())).toBe(key);
        expect(usernameKey(`  ${name} `)).toBe(key);
      }),
      { numRuns: 3000 },
    );
  });

  it("folds the names that broke the database's lower()", () => {
    // Turkish dotted capital I keeps its dot (as i + U+0307): it is not the plain i.
    expect(usernameKey("İbrahim")).toBe("i\u0307brahim");
    expect(usernameKey("İBRAHIM")).toBe(usernameKey("İbrahim"));
    expect(usernameKey("İbrahim".toLowerCase())).toBe(usernameKey("İbrahim"));
    expect(usernameKey("Ibrahim")).toBe("ibrahim");
    expect(usernameKey("ADMİN")).not.toBe(usernameKey("admin"));
    expect(usernameKey("ADMIN")).toBe("admin");
    // Final and medial sigma are one letter.
    expect(usernameKey("ΣΟΦΟΣ")).toBe(usernameKey("σοφος"));
    expect(usernameKey("σοφοσ")).toBe(usernameKey("σοφος"));
    expect(usernameKey("Σοφος")).toBe(usernameKey("ΣΟΦΟΣ"));
    // Sharp s is ss, in both of its capital forms.
    for (const spelling of ["Straße", "STRASSE", "strasse", "STRAẞE", "straẞe", "StraSSe"]) expect(usernameKey(spelling)).toBe("strasse");
  });

  it("maps compatibility forms (full-width letters, ligatures) to the plain name", () => {
    expect(usernameKey("ａｄｍｉｎ")).toBe("admin");
    expect(usernameKey("ＡＤＭＩＮ")).toBe("admin");
    expect(usernameKey("ﬁsch")).toBe(usernameKey("FISCH"));
    expect(usernameSchema.parse("Ｖｏｌｌ＿ｂｒｅｉｔ")).toBe("Voll_breit");
    expect(usernameKey(usernameSchema.parse("Ｖｏｌｌ＿ｂｒｅｉｔ"))).toBe("voll_breit");
  });
});
