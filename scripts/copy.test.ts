/**
 * The French copy of the whole product follows docs/glossary.md: every user-facing text of src/web,
 * src/server and src/shared (string literals, template literal parts and JSX text, tests left out) is
 * read with the TypeScript compiler and checked for what the glossary forbids. A new screen, toast or
 * message is checked the day it is written.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../src");
const FOLDERS = ["web", "server", "shared"];

interface Text {
  file: string;
  line: number;
  text: string;
  jsx: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
      ? [full]
      : [];
  });
}

/** Tagged templates whose text is code, not French (SQL). */
const CODE_TAGS = new Set(["sql", "css"]);
/** JSX attributes that hold code (classes, ids, test hooks). */
const CODE_ATTRIBUTES = new Set(["className", "id", "data-testid", "href", "to", "type", "name", "autoComplete"]);

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is AstNode =>
  typeof value === "object" && value !== null && typeof (value as AstNode).type === "string";

function textsOf(file: string): Text[] {
  const code = readFileSync(file, "utf8");
  const ast = parseAst(code, { lang: file.endsWith(".tsx") ? "tsx" : "ts" }, file) as unknown as AstNode;
  const lineStarts = [0];
  for (let i = 0; i < code.length; i += 1) if (code[i] === "\n") lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const found: Text[] = [];
  const add = (node: AstNode, text: string, jsx = false) =>
    found.push({ file: path.relative(ROOT, file), line: lineOf(node.start), text, jsx });
  const visit = (node: AstNode): void => {
    switch (node.type) {
      case "ImportDeclaration":
      case "TSImportType":
      case "TSLiteralType":
      case "TSModuleDeclaration":
        return;
      case "TaggedTemplateExpression": {
        const tag = node.tag as AstNode & { name?: string; object?: { name?: string } };
        if (CODE_TAGS.has(tag.name ?? tag.object?.name ?? "")) return;
        break;
      }
      case "JSXAttribute": {
        const name = (node.name as { name?: unknown }).name;
        if (typeof name === "string" && CODE_ATTRIBUTES.has(name)) return;
        break;
      }
      case "Literal":
        if (typeof node.value === "string") add(node, node.value);
        return;
      case "TemplateElement":
        add(node, (node.value as { cooked: string | null }).cooked ?? "");
        return;
      case "JSXText":
        // JSX text keeps its entities: &nbsp; and &#8239; are the no-break spaces.
        add(node, (node.value as string).replaceAll("&nbsp;", "\u00a0").replaceAll("&#8239;", "\u202f"), true);
        return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "parent") continue;
      if (Array.isArray(value)) for (const child of value) isNode(child) && visit(child);
      else if (isNode(value)) visit(value);
    }
  };
  visit(ast);
  return found;
}

const TEXTS = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))).flatMap(textsOf);

/** A sentence or a label a person reads: letters and at least one space, not a CSS class list or a path. */
function isProse(text: string): boolean {
  if (!/[a-zàâçéèêëîïôûùüÿœ]{2}/i.test(text)) return false;
  if (!/\p{L}\s|\s\p{L}/u.test(text) && !/[:;!?…«»]/.test(text)) return false;
  // Tailwind class lists, selectors, URLs, SQL, log keys: code.
  if (/(^|\s)(-?[a-z]+:)?-?[a-z0-9]+(-[a-z0-9/.[\]%_]+)+(\s|$)/.test(text) && !/[àâçéèêîôûù]/.test(text)) return false;
  if (/^(https?:|\/|\.|#|select |insert |update |delete |with |create |alter )/i.test(text.trim())) return false;
  return true;
}

interface Rule {
  name: string;
  /** Checked in every text, not only in prose. */
  anyText?: boolean;
  test: (text: string, jsx: boolean) => boolean;
  /** Why, and what to write instead. */
  fix: string;
}

/**
 * Texts quoted verbatim from the spec keep its straight apostrophe (docs/glossary.md, « Quotes »; ADR
 * 0010): the tests compare them to the spec's letter. Every other text writes ’.
 */
const SPEC_APOSTROPHES = new Set([
  "Aucune tâche programmée pour aujourd'hui",
  "Erreur lors de l'assignation du rôle",
  "Erreur lors de l'upload",
  "Erreur lors de la récupération des informations de l'entreprise",
  "Erreur lors du chargement de l'historique",
  "Impossible de créer l'équipe.",
  "Impossible de mettre à jour les rôles de l'utilisateur.",
  "Impossible de modifier l'équipe.",
  "Impossible de supprimer l'équipe.",
  "Informations de l'entreprise",
  "Informations de l'entreprise mises à jour avec succès",
  "Installer l'application",
  "L'ERP qui propulse votre activité d'artisan",
  "L'unité est obligatoire",
  "Le nom de l'article est obligatoire",
  "Le nom de l'entreprise est obligatoire",
  "Paramètres de l'entreprise",
  "Paramètres de l'entreprise mis à jour avec succès",
  "Planning d'aujourd'hui",
  "Supprimer l'équipe",
  "Vous n'avez pas les permissions nécessaires pour accéder au calendrier.",
  "Vous n'avez pas les permissions nécessaires pour accéder à cette page.",
  "Vous n'avez pas les permissions pour accéder à cette page.",
]);

/**
 * Where a straight apostrophe is data, not copy: the demo's records (names a journey looks up), the
 * tests' fixtures, and the default roles a company is created with (their names are the companies'
 * records: « Chef d'équipe » is matched by name, drizzle/0040_who_sees_money.sql).
 */
const APOSTROPHE_DATA = [/^server\/seed\//, /\.fixtures\.ts$/];
const DEFAULT_ROLE_TEXTS = new Set([
  "Chef d'équipe",
  "Accès complet à l'entreprise\u00a0: utilisateurs, rôles, paramètres et toutes les données.",
]);

const RULES: Rule[] = [
  {
    name: "three dots",
    // Also in one-word texts (« Chargement... »): a word followed by three dots is always prose.
    anyText: true,
    test: (t) => /[\p{L}\s]\.\.\.(\s|$|["»)])/u.test(t),
    fix: "one character: …",
  },
  { name: "« (s) » plural", test: (t) => /\p{L}\(s\)/u.test(t), fix: "compute it: plural() of @shared/format" },
  {
    name: "space before : ; ! ?",
    // A plain space (or none, in a sentence) before a high punctuation mark that ends a clause.
    test: (t) => / [:;!?](\s|$|["»)])/.test(t),
    fix: "a no-break space before :, a narrow no-break space before ; ! ? (\\u00a0, \\u202f, &nbsp;)",
  },
  {
    name: "no space before :",
    // « Nouveau devis créé: DEV-… »: French writes a no-break space before the colon.
    // Two words at least before it: « tel: », « (min-width: », « account: » are code.
    test: (t) => /\p{L}{2,} \p{Ll}+:(\s|$)/u.test(t),
    fix: "a no-break space before : (\u00a0, &nbsp;)",
  },
  {
    name: "guillemets without no-break spaces",
    test: (t) => /« |«[^\u00a0\u202f ]| »|[^\u00a0\u202f ]»/.test(t),
    fix: "« and » hold a no-break space inside: «\\u00a0texte\\u00a0»",
  },
  // « E-mail » opens a sentence; « Email », « email », « mail » are not written.
  { name: "Email", test: (t) => /(^|[^-.@\w])(Email|email|mail)(?![-.@\w])/.test(t), fix: "e-mail" },
  { name: "template", test: (t) => /(^|[^-\w])[Tt]emplates?(?![-\w])/.test(t), fix: "modèle (de devis)" },
  { name: "projet", test: (t) => /(^|[^-\w])[Pp]rojets?(?![-\w])/.test(t), fix: "chantier" },
  {
    name: "straight apostrophe",
    // « l'entreprise »: the typographic apostrophe ’ between letters, save the spec's verbatim texts.
    test: (t) => /\p{L}'\p{L}/u.test(t) && !SPEC_APOSTROPHES.has(t.trim()) && !DEFAULT_ROLE_TEXTS.has(t.trim()),
    fix: "’ (U+2019) in French running text; the spec's own texts keep ' (SPEC_APOSTROPHES)",
  },
  {
    name: "escape sequence shown as is",
    // A JSX attribute string does not read \u escapes: title="a\u00a0:" shows a backslash.
    test: (t) => /\\u[0-9a-f]{4}/i.test(t),
    fix: 'an expression, title={"…\\u00a0:"}, or an entity, &nbsp;',
  },
];

describe("French copy (docs/glossary.md)", () => {
  it("finds the texts it checks", () => {
    expect(TEXTS.length).toBeGreaterThan(1000);
    expect(TEXTS.some((t) => t.file.endsWith("login-form.tsx") && t.jsx)).toBe(true);
  });

  for (const rule of RULES) {
    it(`has no ${rule.name} (${rule.fix})`, () => {
      const offending = TEXTS.filter(
        (t) =>
          (rule.anyText || isProse(t.text)) &&
          rule.test(t.text, t.jsx) &&
          !(rule.name === "straight apostrophe" && APOSTROPHE_DATA.some((data) => data.test(t.file))),
      ).map((t) => `${t.file}:${t.line} ${JSON.stringify(t.text.trim().slice(0, 90))}`);
      expect(offending.join("\n")).toBe("");
    });
  }

  it("computes plurals with plural() of @shared/format, never with a hand-written « s » condition", () => {
    const byHand = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          /\?\s*"s"\s*:\s*""/.test(line) ? [`${path.relative(ROOT, file)}:${index + 1} ${line.trim()}`] : [],
        ),
    );
    expect(byHand.join("\n")).toBe("");
  });

  it("the rules catch what they name", () => {
    const hit = (name: string, text: string) => RULES.find((r) => r.name === name)?.test(text, false);
    expect(hit("three dots", "Chargement...")).toBe(true);
    expect(hit("three dots", "Chargement…")).toBe(false);
    expect(hit("« (s) » plural", "+2 autre(s)")).toBe(true);
    expect(hit("space before : ; ! ?", "Erreur : réseau")).toBe(true);
    expect(hit("space before : ; ! ?", "Erreur\u00a0: réseau")).toBe(false);
    expect(hit("space before : ; ! ?", "Enregistrer ?")).toBe(true);
    expect(hit("space before : ; ! ?", "Enregistrer\u202f?")).toBe(false);
    expect(hit("no space before :", "Nouveau devis créé: DEV-2026-0001")).toBe(true);
    expect(hit("no space before :", "Nouveau devis créé\u00a0: DEV-2026-0001")).toBe(false);
    expect(hit("guillemets without no-break spaces", "« Brouillon »")).toBe(true);
    expect(hit("guillemets without no-break spaces", "«\u00a0Brouillon\u00a0»")).toBe(false);
    expect(hit("Email", "Email invalide")).toBe(true);
    expect(hit("Email", "Adresse e-mail")).toBe(false);
    expect(hit("Email", "E-mail invalide")).toBe(false);
    expect(hit("template", "Partir d'un template")).toBe(true);
    expect(hit("template", "grid-template-areas")).toBe(false);
    expect(hit("projet", "Aucun projet associé")).toBe(true);
    expect(hit("straight apostrophe", "Identité de l'entreprise")).toBe(true);
    expect(hit("straight apostrophe", "Identité de l\u2019entreprise")).toBe(false);
    expect(hit("straight apostrophe", "L'unité est obligatoire")).toBe(false);
    expect(hit("escape sequence shown as is", "Vides\\u00a0: les conditions")).toBe(true);
    expect(hit("escape sequence shown as is", "Vides\u00a0: les conditions")).toBe(false);
    expect(isProse("flex h-11 w-full min-w-0 rounded-md")).toBe(false);
  });
});
