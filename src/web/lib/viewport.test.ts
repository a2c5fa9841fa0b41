import { describe, expect, it } from "vitest";
import { viewportOf } from "./viewport";

describe("viewportOf", () => {
  it("is a phone below 768 px", () => {
    expect(viewportOf(360)).toBe("phone");
    expect(viewportOf(390)).toBe("phone");
    expect(viewportOf(767)).toBe("phone");
  });

  it("is a tablet from 768 to 1023 px", () => {
    expect(viewportOf(768)).toBe("tablet");
    expect(viewportOf(1023)).toBe("tablet");
  });

  it("is a desktop from 1024 px, whatever the pointer (an iPad in landscape is not a phone)", () => {
    expect(viewportOf(1024)).toBe("desktop");
    expect(viewportOf(1180)).toBe("desktop");
    expect(viewportOf(1280)).toBe("desktop");
  });
});
