// (.tsx: the web project's jsdom gives these tests a localStorage.)
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearSession } from "./session";
import { DRAFT_KEY_PREFIX, removeDrafts } from "./storage";

const draft = `${DRAFT_KEY_PREFIX}quote:co1:u1:new`;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "t");
  localStorage.setItem("auth_user", "{}");
  localStorage.setItem(draft, "{}");
  localStorage.setItem("propulse:sidebar", "collapsed");
});
afterEach(() => localStorage.clear());

describe("drafts kept on the device", () => {
  it("removeDrafts drops every draft and nothing else", () => {
    localStorage.setItem(`${DRAFT_KEY_PREFIX}quote:co1:u2:q9`, "{}");
    removeDrafts();
    expect(Object.keys(localStorage).sort()).toEqual(["auth_user", "propulse:sidebar", "token"]);
  });

  it("a sign-out drops them; an expired or refused session keeps them for the same user", () => {
    clearSession("expired");
    expect(localStorage.getItem(draft)).toBe("{}");
    clearSession("invalid");
    expect(localStorage.getItem(draft)).toBe("{}");
    clearSession("logout");
    expect(localStorage.getItem(draft)).toBeNull();
    expect(localStorage.getItem("propulse:sidebar")).toBe("collapsed");
    expect(localStorage.getItem("token")).toBeNull();
  });
});
