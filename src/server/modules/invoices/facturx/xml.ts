/**
 * A tiny typed XML writer: elements as plain data, written with the five predefined entities escaped
 * and the characters XML 1.0 forbids removed. Enough for the CII of an invoice (cii.ts); no parser.
 */

export interface XmlElement {
  name: string;
  attributes?: Record<string, string>;
  /** Text content, or child elements (missing ones — null, undefined, false, "" — are skipped). */
  content?: string | readonly XmlChild[];
}
export type XmlChild = XmlElement | null | undefined | false | "";

/** `<name attr="…">text</name>` or `<name>children</name>`. */
export function el(
  name: string,
  content?: string | readonly XmlChild[],
  attributes?: Record<string, string>,
): XmlElement {
  return { name, content, ...(attributes ? { attributes } : {}) };
}

/** Whether XML 1.0 allows a code point: tab, line feed, carriage return, then all but surrogates, FFFE and FFFF. */
const allowed = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;

/** The text without the characters XML 1.0 forbids (controls, lone surrogates). */
function withoutForbidden(text: string): string {
  let out = "";
  for (const char of text) if (allowed(char.codePointAt(0) ?? 0)) out += char;
  return out;
}

export function escapeText(text: string): string {
  return withoutForbidden(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r/g, "&#13;");
}

const escapeAttribute = (text: string) =>
  escapeText(text).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;");

function write(element: XmlElement, indent: string, out: string[]): void {
  const attributes = Object.entries(element.attributes ?? {})
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join("");
  const { content } = element;
  if (content === undefined || (typeof content !== "string" && !content.some(Boolean))) {
    out.push(`${indent}<${element.name}${attributes}/>`);
  } else if (typeof content === "string") {
    out.push(`${indent}<${element.name}${attributes}>${escapeText(content)}</${element.name}>`);
  } else {
    out.push(`${indent}<${element.name}${attributes}>`);
    for (const child of content) if (child) write(child, `${indent}  `, out);
    out.push(`${indent}</${element.name}>`);
  }
}

/** The document: the XML declaration (UTF-8) and the root, indented by two spaces. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, "", out);
  return `${out.join("\n")}\n`;
}
