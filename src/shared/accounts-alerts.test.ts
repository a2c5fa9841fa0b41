import { describe, expect, it } from "vitest";
import { companyStatus, inactivityAlertMessage, trialAlertMessage } from "./accounts";
import { plural } from "./format";

describe("the SuperAdmin's alert messages", () => {
  it("counts the days without a sign-in with plural()", () => {
    expect(inactivityAlertMessage(34)).toBe(`Aucune connexion depuis ${plural(34, "jour")}`);
    expect(inactivityAlertMessage(34)).toBe("Aucune connexion depuis 34\u00a0jours");
    expect(inactivityAlertMessage(1)).toBe("Aucune connexion depuis 1\u00a0jour");
  });

  it("tells the days left of a trial, or the day it ended", () => {
    expect(trialAlertMessage("2026-03-13", "2026-03-10")).toBe(`Fin de l’essai dans ${plural(3, "jour")}`);
    expect(trialAlertMessage("2026-03-17", "2026-03-10")).toBe("Fin de l’essai dans 7\u00a0jours");
    expect(trialAlertMessage("2026-03-11", "2026-03-10")).toBe("Fin de l’essai demain");
    expect(trialAlertMessage("2026-03-10", "2026-03-10")).toBe("Fin de l’essai aujourd’hui");
    expect(trialAlertMessage("2026-03-09", "2026-03-10")).toBe("Essai terminé le 9 mars 2026");
    // Across a month and a year.
    expect(trialAlertMessage("2027-01-02", "2026-12-30")).toBe("Fin de l’essai dans 3\u00a0jours");
  });

  it("derives the spec's three statuses", () => {
    expect(companyStatus({ suspended: true, plan: "essai" })).toBe("inactif");
    expect(companyStatus({ suspended: false, plan: "essai" })).toBe("essai");
    expect(companyStatus({ suspended: false, plan: "professionnel" })).toBe("actif");
  });
});
