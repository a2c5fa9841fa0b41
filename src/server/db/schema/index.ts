export * from "./auth";
export * from "./clients";
export * from "./companies";
export * from "./quotes";
