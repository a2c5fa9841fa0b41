export * from "./auth";
export * from "./companies";
