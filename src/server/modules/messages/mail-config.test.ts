import { loadEnv } from "@server/env";
import { describe, expect, it } from "vitest";
import { configureMail, mailTransport, publicUrl } from "./mail-config";

describe("the mail settings of the environment (SMTP_URL, SMTP_FROM, APP_URL)", () => {
  it("defaults the public origin to http://localhost:PORT, and takes APP_URL without its trailing slash", () => {
    expect(loadEnv({ PORT: "3194" }).APP_URL).toBe("http://localhost:3194");
    expect(loadEnv({ APP_URL: "https://app.exemple.fr/" }).APP_URL).toBe("https://app.exemple.fr");
    expect(() => loadEnv({ APP_URL: "ftp://exemple.fr" })).toThrow(/APP_URL/);
  });

  it("takes an smtp:// or smtps:// URL, with a sender", () => {
    const env = loadEnv({ SMTP_URL: "smtps://u:p@mail.exemple.fr:465", SMTP_FROM: "Propulse <no-reply@exemple.fr>" });
    expect(env.SMTP_URL).toBe("smtps://u:p@mail.exemple.fr:465");
    expect(() => loadEnv({ SMTP_URL: "smtp://mail.exemple.fr" })).toThrow(/SMTP_FROM/);
    expect(() => loadEnv({ SMTP_URL: "http://mail.exemple.fr", SMTP_FROM: "a@exemple.fr" })).toThrow(/SMTP_URL/);
  });

  it("names the transport and builds the links' full URLs", () => {
    const previous = configureMail({ appUrl: "https://app.exemple.fr/", smtp: null });
    try {
      expect(mailTransport()).toBe("outbox");
      expect(publicUrl("/signer/abc")).toBe("https://app.exemple.fr/signer/abc");
      configureMail({ smtp: { url: "smtp://mail.exemple.fr", from: "a@exemple.fr" } });
      expect(mailTransport()).toBe("smtp");
    } finally {
      configureMail(previous);
    }
  });
});
