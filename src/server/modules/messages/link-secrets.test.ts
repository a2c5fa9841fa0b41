import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bodyWithLink, LINK_MASK, linkKeyOf, maskedUrl, openLink, sealLink } from "./link-secrets";

const URL_ = "https://app.exemple.fr/reinitialiser/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";

describe("one-time links in the outbox (link-secrets.ts)", () => {
  it("masks the token, the last segment of the link", () => {
    expect(maskedUrl(URL_)).toBe(`https://app.exemple.fr/reinitialiser/${LINK_MASK}`);
  });

  it("puts the link back in place of its last masked form only", () => {
    const masked = maskedUrl(URL_);
    // A name that happens to hold the masked form stays as written: the link is the last one.
    const body = `Bonjour ${masked},\n\nOuvrez ce lien\u00a0:\n${masked}\n\nMerci.`;
    expect(bodyWithLink(body, URL_)).toBe(`Bonjour ${masked},\n\nOuvrez ce lien\u00a0:\n${URL_}\n\nMerci.`);
    expect(bodyWithLink("Sans lien.", URL_)).toBe("Sans lien.");
  });

  it("seals and opens a link with the same key; another key or an altered seal opens nothing", () => {
    const key = linkKeyOf("x".repeat(40));
    const sealed = sealLink(URL_, key);
    expect(sealed).not.toContain(URL_.split("/").pop());
    expect(sealLink(URL_, key)).not.toBe(sealed);
    expect(openLink(sealed, linkKeyOf("x".repeat(40)))).toBe(URL_);
    expect(openLink(sealed, linkKeyOf("y".repeat(40)))).toBeUndefined();
    expect(openLink(sealed, randomBytes(32))).toBeUndefined();
    const parts = sealed.split(".");
    const altered = [parts[0], parts[1], `A${parts[2]?.slice(1)}`, parts[3]].join(".");
    expect(openLink(altered === sealed ? `${sealed}x` : altered, key)).toBeUndefined();
    expect(openLink("pas-un-sceau", key)).toBeUndefined();
  });
});
