import { describe, expect, it } from "vitest";
import { greetingForHour } from "./greeting";

describe("greetingForHour", () => {
  it.each([
    [0, "Bonsoir"],
    [4, "Bonsoir"],
    [5, "Bonjour"],
    [11, "Bonjour"],
    [12, "Bon après-midi"],
    [17, "Bon après-midi"],
    [18, "Bonsoir"],
    [23, "Bonsoir"],
  ])("%i h → %s", (hour, expected) => {
    expect(greetingForHour(hour)).toBe(expected);
  });
});
