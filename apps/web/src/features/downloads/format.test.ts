import { describe, expect, it } from "vitest";
import { formatBytes, formatFileSize } from "./format";

describe("formatFileSize", () => {
  it("writes sizes in German number format with binary units", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(1023)).toBe("1.023 B");
    expect(formatFileSize(1024)).toBe("1,0 KB");
    expect(formatFileSize(422_195)).toBe("412,3 KB");
    expect(formatFileSize(1_048_575)).toBe("1,0 MB");
    expect(formatFileSize(5_452_595)).toBe("5,2 MB");
    expect(formatBytes(422_195)).toBe("422.195");
  });
});
