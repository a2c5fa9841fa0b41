export * from "./auth";
export * from "./clients";
export * from "./companies";
export * from "./files";
export * from "./quotes";
export * from "./references";
export * from "./users";
