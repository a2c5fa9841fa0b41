import { decodeCsv } from "@shared/csv";

/**
 * The text of a CSV file chosen on the device, decoded from its bytes where they are
 * (docs/domain/clients.md#encodings): UTF-8 with or without its byte-order mark, else Windows-1252 as
 * French Excel saves it. `File.text()` would read UTF-8 only and turn « é » into « \uFFFD ».
 */
export async function readCsvFile(file: Blob): Promise<string> {
  return decodeCsv(new Uint8Array(await file.arrayBuffer()));
}
