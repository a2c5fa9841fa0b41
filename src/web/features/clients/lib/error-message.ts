/** The one implementation lives in the error pipeline (src/web/lib/api-errors.ts). */
export { errorDescription } from "@web/lib/api-errors";
