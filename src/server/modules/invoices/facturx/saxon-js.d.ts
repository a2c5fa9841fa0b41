/** The few calls of SaxonJS 2 (npm saxon-js, no types of its own) that validate.ts makes. */
declare module "saxon-js" {
  interface TransformOptions {
    /** A compiled stylesheet (SEF), as parsed JSON. */
    stylesheetInternal: unknown;
    sourceText: string;
    destination: "document" | "serialized";
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: "sync"): { principalResult: unknown };
    XPath: {
      evaluate(xpath: string, context: unknown, options?: { resultForm?: "array" | "iterator" | "default" }): unknown;
    };
  };
  export default SaxonJS;
}
