import { describe, expect, it } from "vitest";
import { etagOf, expectedVersion, matchesVersion } from "./versions";

const at = "2026-11-29T08:15:00.123Z";
const headers = (value?: string | string[]) => ({ headers: { "if-match": value } });

describe("expectedVersion (the If-Match of a save, ADR 0024)", () => {
  it("asks no check without the header, empty, or with *", () => {
    expect(expectedVersion({ headers: {} })).toBeUndefined();
    expect(expectedVersion(headers(""))).toBeUndefined();
    expect(expectedVersion(headers(" * "))).toBeUndefined();
  });

  it("reads a quoted tag, a weak one, a bare one and a list", () => {
    expect(expectedVersion(headers(`"${at}"`))).toEqual([at]);
    expect(expectedVersion(headers(`W/"${at}"`))).toEqual([at]);
    expect(expectedVersion(headers(at))).toEqual([at]);
    expect(expectedVersion(headers(`"a", "${at}"`))).toEqual(["a", at]);
    expect(expectedVersion(headers(['"a"', `"${at}"`]))).toEqual(["a", at]);
  });
});

describe("matchesVersion", () => {
  it("matches the row's updated_at, as a Date or its text, at the answers' precision (ms)", () => {
    expect(matchesVersion(new Date(at), [at])).toBe(true);
    expect(matchesVersion("2026-11-29 08:15:00.123456+00", [at])).toBe(true);
    expect(matchesVersion(new Date(at), ["x", at])).toBe(true);
  });

  it("refuses another version or a tag that is no date", () => {
    expect(matchesVersion(new Date(at), ["2026-11-29T08:15:00.124Z"])).toBe(false);
    expect(matchesVersion(new Date(at), ["pas une version"])).toBe(false);
  });

  it("writes the ETag as the quoted ISO timestamp", () => {
    expect(etagOf(new Date(at))).toBe(`"${at}"`);
  });
});
