/**
 * Durand Rénovation's price library (issue 10, docs/domain/library.md): about sixty articles of a
 * renovation company — plumbing, electricity, tiling, painting, plasterboard — and fifteen ouvrages
 * made of them, created through the library service (prices of the ouvrages computed by the app).
 */
import type { LibraryItem } from "@shared/library";
import type { LibraryCategory, OuvragePricing } from "@shared/library-rules";
import type { Database } from "../db/client";
import type { AuthContext } from "../lib/access";
import { createLibraryService } from "../modules/library/library.service";

type Unit = "unité" | "heure" | "jour" | "m²" | "m" | "ml" | "kg" | "forfait";
/** [name, unit, sale price HT, cost, VAT rate, category, supplier reference] */
type ArticleRow = [string, Unit, number, number, number, LibraryCategory, string | null];

const ARTICLES: ArticleRow[] = [
  // Main-d'œuvre (the hourly rates the ouvrages' labour is priced with)
  ["Main-d'œuvre plombier", "heure", 52, 34, 10, "main_oeuvre", null],
  ["Main-d'œuvre électricien", "heure", 50, 33, 10, "main_oeuvre", null],
  ["Main-d'œuvre carreleur", "heure", 46, 31, 10, "main_oeuvre", null],
  ["Main-d'œuvre peintre", "heure", 42, 28, 10, "main_oeuvre", null],
  ["Main-d'œuvre plaquiste", "heure", 44, 29, 10, "main_oeuvre", null],
  ["Main-d'œuvre manœuvre", "heure", 35, 24, 10, "main_oeuvre", null],
  // Plomberie
  ["Tube multicouche 16 mm", "ml", 3.9, 1.85, 10, "fourniture", "MC-16"],
  ["Tube multicouche 20 mm", "ml", 5.2, 2.6, 10, "fourniture", "MC-20"],
  ["Tube PVC évacuation Ø40", "ml", 4.6, 2.1, 10, "fourniture", "PVC-40"],
  ["Tube PVC évacuation Ø100", "ml", 9.8, 4.9, 10, "fourniture", "PVC-100"],
  ["Raccord à sertir multicouche", "unité", 6.5, 3.2, 10, "fourniture", "RS-16"],
  ["Mitigeur lavabo chromé", "unité", 89, 52, 10, "fourniture", "GRH-32"],
  ["Mitigeur thermostatique douche", "unité", 189, 118, 10, "fourniture", "GRH-TH"],
  ["Receveur de douche extra-plat 90×120", "unité", 329, 205, 10, "fourniture", "RCV-90"],
  ["Paroi de douche verre 8 mm", "unité", 412, 260, 10, "fourniture", "PAR-120"],
  ["WC suspendu avec bâti-support", "unité", 459, 295, 10, "fourniture", "WC-SUSP"],
  ["Meuble vasque 80 cm", "unité", 549, 340, 10, "fourniture", "MV-80"],
  ["Chauffe-eau électrique 200 L", "unité", 689, 455, 10, "fourniture", "CE-200"],
  ["Ballon thermodynamique 270 L", "unité", 2190, 1480, 5.5, "fourniture", "BT-270"],
  ["Siphon de douche extra-plat", "unité", 38, 19, 10, "fourniture", "SIPH-D"],
  // Électricité
  ["Câble R2V 3G2,5 mm²", "ml", 2.4, 1.1, 10, "fourniture", "R2V-325"],
  ["Câble R2V 3G1,5 mm²", "ml", 1.7, 0.8, 10, "fourniture", "R2V-315"],
  ["Gaine ICTA Ø20", "ml", 0.9, 0.38, 10, "fourniture", "ICTA-20"],
  ["Prise de courant 2P+T", "unité", 14.5, 6.8, 10, "fourniture", "PC-2PT"],
  ["Interrupteur va-et-vient", "unité", 13.9, 6.2, 10, "fourniture", "INT-VV"],
  ["Boîte d'encastrement Ø67", "unité", 1.8, 0.7, 10, "fourniture", "BE-67"],
  ["Disjoncteur divisionnaire 16 A", "unité", 18.5, 8.9, 10, "fourniture", "DJ-16"],
  ["Interrupteur différentiel 40 A type A", "unité", 96, 54, 10, "fourniture", "ID-40A"],
  ["Tableau électrique 3 rangées", "unité", 189, 112, 10, "fourniture", "TAB-3R"],
  ["Spot LED encastrable", "unité", 24, 11, 10, "fourniture", "SPOT-LED"],
  ["Radiateur à inertie 1500 W", "unité", 549, 365, 10, "fourniture", "RAD-1500"],
  ["VMC simple flux hygroréglable", "unité", 329, 198, 5.5, "fourniture", "VMC-HY"],
  // Carrelage
  ["Carrelage grès cérame 45×45", "m²", 34.9, 21.5, 10, "fourniture", "GC-4545"],
  ["Carrelage grès cérame 60×60 rectifié", "m²", 42.5, 27.8, 10, "fourniture", "GC-6060"],
  ["Faïence murale 25×40", "m²", 29.9, 17.9, 10, "fourniture", "FA-2540"],
  ["Mortier-colle C2", "kg", 1.25, 0.62, 10, "fourniture", "MC-C2"],
  ["Joint carrelage gris", "kg", 3.4, 1.6, 10, "fourniture", "JT-GR"],
  ["Natte d'étanchéité (SPEC)", "m²", 24, 13.5, 10, "fourniture", "SPEC-1"],
  ["Primaire d'accrochage", "kg", 7.9, 4.1, 10, "fourniture", "PRIM-A"],
  ["Ragréage autolissant", "kg", 1.1, 0.52, 10, "fourniture", "RAG-AL"],
  ["Plinthe carrelage 8 cm", "ml", 6.9, 3.4, 10, "fourniture", "PL-8"],
  ["Profilé de finition aluminium", "ml", 8.5, 4.2, 10, "fourniture", "PF-ALU"],
  // Peinture
  ["Peinture acrylique mate blanche", "m²", 4.2, 1.9, 10, "fourniture", "PA-MAT"],
  ["Peinture acrylique satinée", "m²", 4.9, 2.3, 10, "fourniture", "PA-SAT"],
  ["Sous-couche universelle", "m²", 2.6, 1.1, 10, "fourniture", "SC-UNI"],
  ["Enduit de lissage", "kg", 2.3, 1.05, 10, "fourniture", "EL-25"],
  ["Toile de verre à peindre", "m²", 3.8, 1.7, 10, "fourniture", "TV-P"],
  ["Bâche et protections de chantier", "forfait", 45, 22, 10, "fourniture", null],
  ["Peinture boiseries glycéro", "m²", 6.4, 3.1, 10, "fourniture", "PB-GLY"],
  // Plâtrerie, isolation
  ["Plaque de plâtre BA13", "m²", 6.9, 3.4, 10, "fourniture", "BA13"],
  ["Plaque de plâtre hydrofuge BA13 H", "m²", 9.8, 5.2, 10, "fourniture", "BA13H"],
  ["Rail et montant métalliques", "ml", 3.2, 1.5, 10, "fourniture", "RM-48"],
  ["Bande et enduit à joints", "m²", 1.9, 0.8, 10, "fourniture", "BJ-E"],
  ["Laine de verre 100 mm", "m²", 12.5, 6.9, 5.5, "fourniture", "LV-100"],
  ["Laine de roche 200 mm", "m²", 21.9, 12.4, 5.5, "fourniture", "LR-200"],
  // Matériel, sous-traitance, forfaits
  ["Location échafaudage roulant", "jour", 65, 38, 20, "materiel", null],
  ["Location perforateur-burineur", "jour", 45, 25, 20, "materiel", null],
  ["Benne à gravats 8 m³", "forfait", 390, 290, 20, "materiel", null],
  ["Évacuation et tri des déchets", "forfait", 180, 95, 10, "sous_traitance", null],
  ["Diagnostic amiante avant travaux", "forfait", 290, 220, 20, "sous_traitance", null],
  ["Déplacement et mise en service", "forfait", 55, 20, 10, "main_oeuvre", null],
];

/** [name, unit, description, pricing, coefficient or forced price, parts: [article name, quantity]] */
type OuvrageRow = [string, Unit, string, OuvragePricing, number | null, [string, number][]];

const OUVRAGES: OuvrageRow[] = [
  [
    "Pose carrelage sol 45×45",
    "m²",
    "Fourniture et pose collée de carrelage grès cérame 45×45, joints gris.",
    "parts",
    null,
    [
      ["Carrelage grès cérame 45×45", 1.1],
      ["Mortier-colle C2", 5],
      ["Joint carrelage gris", 0.5],
      ["Main-d'œuvre carreleur", 0.8],
    ],
  ],
  [
    "Pose carrelage sol 60×60 rectifié",
    "m²",
    "Sur ragréage, carrelage 60×60 rectifié collé double encollage.",
    "coefficient",
    1.35,
    [
      ["Ragréage autolissant", 4],
      ["Carrelage grès cérame 60×60 rectifié", 1.08],
      ["Mortier-colle C2", 6],
      ["Joint carrelage gris", 0.4],
      ["Main-d'œuvre carreleur", 1],
    ],
  ],
  [
    "Pose faïence murale salle de bain",
    "m²",
    "Faïence 25×40 sur support hydrofuge, profilés de finition.",
    "parts",
    null,
    [
      ["Faïence murale 25×40", 1.1],
      ["Mortier-colle C2", 4],
      ["Joint carrelage gris", 0.4],
      ["Main-d'œuvre carreleur", 0.9],
    ],
  ],
  [
    "Étanchéité sous carrelage (SPEC)",
    "m²",
    "Système de protection à l'eau sous carrelage, zones de douche.",
    "parts",
    null,
    [
      ["Primaire d'accrochage", 0.2],
      ["Natte d'étanchéité (SPEC)", 1.1],
      ["Main-d'œuvre carreleur", 0.35],
    ],
  ],
  [
    "Plinthes carrelage",
    "ml",
    "Fourniture et pose de plinthes assorties au carrelage.",
    "parts",
    null,
    [
      ["Plinthe carrelage 8 cm", 1.05],
      ["Mortier-colle C2", 0.5],
      ["Main-d'œuvre carreleur", 0.2],
    ],
  ],
  [
    "Peinture murs 2 couches",
    "m²",
    "Sous-couche et deux couches d'acrylique mate, protections comprises.",
    "parts",
    null,
    [
      ["Sous-couche universelle", 1],
      ["Peinture acrylique mate blanche", 2],
      ["Main-d'œuvre peintre", 0.25],
    ],
  ],
  [
    "Peinture plafond 2 couches",
    "m²",
    "Préparation, sous-couche et deux couches de mat au plafond.",
    "coefficient",
    1.3,
    [
      ["Enduit de lissage", 0.3],
      ["Sous-couche universelle", 1],
      ["Peinture acrylique mate blanche", 2],
      ["Main-d'œuvre peintre", 0.32],
    ],
  ],
  [
    "Pose toile de verre et peinture",
    "m²",
    "Toile de verre collée et deux couches de satinée.",
    "parts",
    null,
    [
      ["Toile de verre à peindre", 1.1],
      ["Peinture acrylique satinée", 2],
      ["Main-d'œuvre peintre", 0.4],
    ],
  ],
  [
    "Cloison plaque de plâtre 72/48",
    "m²",
    "Ossature métallique, deux plaques BA13, isolant 45 mm, bandes et enduit.",
    "parts",
    null,
    [
      ["Rail et montant métalliques", 2.5],
      ["Plaque de plâtre BA13", 2.1],
      ["Laine de verre 100 mm", 1],
      ["Bande et enduit à joints", 2],
      ["Main-d'œuvre plaquiste", 0.75],
    ],
  ],
  [
    "Isolation des combles perdus 200 mm",
    "m²",
    "Laine de roche 200 mm déroulée, R = 5.",
    "parts",
    null,
    [
      ["Laine de roche 200 mm", 1.05],
      ["Main-d'œuvre manœuvre", 0.15],
    ],
  ],
  [
    "Point lumineux encastré",
    "unité",
    "Spot LED encastré, câblage et raccordement compris.",
    "parts",
    null,
    [
      ["Spot LED encastrable", 1],
      ["Câble R2V 3G1,5 mm²", 6],
      ["Gaine ICTA Ø20", 6],
      ["Main-d'œuvre électricien", 0.6],
    ],
  ],
  [
    "Prise de courant encastrée",
    "unité",
    "Prise 2P+T, boîte, gaine et câble depuis le tableau.",
    "parts",
    null,
    [
      ["Prise de courant 2P+T", 1],
      ["Boîte d'encastrement Ø67", 1],
      ["Câble R2V 3G2,5 mm²", 8],
      ["Gaine ICTA Ø20", 8],
      ["Main-d'œuvre électricien", 0.7],
    ],
  ],
  [
    "Remplacement tableau électrique",
    "forfait",
    "Tableau 3 rangées, différentiels et disjoncteurs, mise en conformité NF C 15-100.",
    "forced",
    1450,
    [
      ["Tableau électrique 3 rangées", 1],
      ["Interrupteur différentiel 40 A type A", 2],
      ["Disjoncteur divisionnaire 16 A", 12],
      ["Main-d'œuvre électricien", 8],
      ["Déplacement et mise en service", 1],
    ],
  ],
  [
    "Création douche à l'italienne",
    "forfait",
    "Receveur extra-plat, siphon, mitigeur thermostatique, paroi verre, raccordements.",
    "coefficient",
    1.25,
    [
      ["Receveur de douche extra-plat 90×120", 1],
      ["Siphon de douche extra-plat", 1],
      ["Mitigeur thermostatique douche", 1],
      ["Paroi de douche verre 8 mm", 1],
      ["Tube multicouche 16 mm", 6],
      ["Raccord à sertir multicouche", 6],
      ["Tube PVC évacuation Ø40", 3],
      ["Main-d'œuvre plombier", 10],
    ],
  ],
  [
    "Pose WC suspendu",
    "forfait",
    "Bâti-support, cuvette suspendue, habillage BA13 H, raccordements.",
    "parts",
    null,
    [
      ["WC suspendu avec bâti-support", 1],
      ["Plaque de plâtre hydrofuge BA13 H", 1.5],
      ["Tube PVC évacuation Ø100", 1.5],
      ["Tube multicouche 16 mm", 2],
      ["Main-d'œuvre plombier", 5],
    ],
  ],
];

/** The demo library's items by name: what the demo quotes' lines are typed from. */
export type DemoLibrary = ReadonlyMap<
  string,
  Pick<LibraryItem, "id" | "description" | "unit" | "unit_price" | "cost_price" | "tax_rate">
>;

export async function seedDemoLibrary(db: Database, admin: AuthContext): Promise<DemoLibrary> {
  const library = createLibraryService(db);
  const ids = new Map<string, string>();
  const items = new Map<string, LibraryItem>();
  for (const [name, unit, unit_price, cost_price, tax_rate, category, supplier_reference] of ARTICLES) {
    const article = await library.create(admin, {
      kind: "article",
      name,
      description: null,
      unit,
      unit_price,
      cost_price,
      tax_rate,
      category,
      supplier_reference,
    });
    ids.set(name, article.id);
    items.set(name, article);
  }
  for (const [name, unit, description, pricing, figure, parts] of OUVRAGES) {
    const ouvrage = await library.create(admin, {
      kind: "ouvrage",
      name,
      description,
      unit,
      tax_rate: 10,
      pricing,
      coefficient: pricing === "coefficient" ? figure : null,
      forced_price: pricing === "forced" ? figure : null,
      components: parts.map(([article, quantity]) => {
        const id = ids.get(article);
        if (!id) throw new Error(`Bibliothèque de démo\u00a0: aucun article «\u00a0${article}\u00a0»`);
        return { article_id: id, quantity };
      }),
    });
    items.set(name, ouvrage);
  }
  return items;
}
