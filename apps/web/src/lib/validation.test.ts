import { describe, expect, it } from "vitest";
import { required } from "./validation";

describe("required rule", () => {
  it.each([[""], ["   "], [null], [undefined], [[]], [Number.NaN]])("answers 'Eingabe erforderlich' for %j", (value) => {
    expect(required(value)).toBe("Eingabe erforderlich");
  });

  it.each([["a"], [0], [false], [["x"]]])("accepts %j", (value) => {
    expect(required(value)).toBe(true);
  });
});
