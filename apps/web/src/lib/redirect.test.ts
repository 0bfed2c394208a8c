import { describe, expect, it } from "vitest";
import { loginPathWithRedirect, sanitizeRedirect } from "./redirect";

describe("sanitizeRedirect", () => {
  it("keeps same-app paths with their query", () => {
    expect(sanitizeRedirect("/users?activePage=2")).toBe("/users?activePage=2");
    expect(sanitizeRedirect("/bots/5/timer")).toBe("/bots/5/timer");
  });

  it.each([
    ["//evil.example/x"],
    ["https://evil.example"],
    ["javascript:alert(1)"],
    ["/\\evil.example"],
    ["users"],
    ["/login?redirect=/users"],
    ["/foo\nbar"],
    [""],
  ])("falls back to the dashboard for %j", (value) => {
    expect(sanitizeRedirect(value)).toBe("/dashboard");
  });

  it("falls back when there is no redirect", () => {
    expect(sanitizeRedirect(null)).toBe("/dashboard");
    expect(sanitizeRedirect(undefined, "/profile")).toBe("/profile");
  });
});

describe("loginPathWithRedirect", () => {
  it("keeps the original path and query encoded in the redirect query", () => {
    expect(loginPathWithRedirect("/users")).toBe("/login?redirect=%2Fusers");
    expect(loginPathWithRedirect("/users?activePage=2&x=1")).toBe("/login?redirect=%2Fusers%3FactivePage%3D2%26x%3D1");
  });

  it("sends Home to the plain login page", () => {
    expect(loginPathWithRedirect("/")).toBe("/login");
  });
});
