import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { companyKeys, invalidateOtherCompanyQueries } from "./company-keys";

describe("invalidateOtherCompanyQueries", () => {
  it("marks the other « company » queries stale, not the one just saved nor other features'", async () => {
    const queryClient = new QueryClient();
    const keys = [companyKeys.info(), companyKeys.settings(), ["company", "quote-defaults"], ["clients"]];
    for (const key of keys) queryClient.setQueryData(key, { some: "data" });
    await invalidateOtherCompanyQueries(queryClient, companyKeys.settings());
    const stale = keys.map((key) => queryClient.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual([true, false, true, false]);
  });
});
