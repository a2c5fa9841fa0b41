/**
 * Durand Rénovation's equipment templates (issue 11, docs/domain/equipment.md): the kits a renovation
 * company loads in the van for its usual jobs — tools, protective equipment (EPI) and consumables —
 * created through the service, oldest first, so that the list shows them newest first.
 */
import type { EquipmentTemplate } from "@shared/equipment-templates";
import type { Database } from "../db/client";
import type { AuthContext } from "../lib/access";
import { createEquipmentTemplatesService } from "../modules/equipment-templates/equipment-templates.service";

export const DEMO_EQUIPMENT_TEMPLATES: readonly { name: string; equipment_items: readonly string[] }[] = [
  {
    name: "Plomberie dépannage",
    equipment_items: [
      "Caisse à outils plombier",
      "Clé à molette",
      "Pince multiprise",
      "Coupe-tube cuivre",
      "Pince à sertir multicouche",
      "Chalumeau et cartouche de gaz",
      "Ventouse et furet déboucheur",
      "Détecteur de fuite",
      "Lampe frontale",
      "Gants de protection",
      "Lunettes de protection",
      "Téflon et filasse",
      "Joints et raccords assortis",
      "Seau et serpillière",
    ],
  },
  {
    name: "Peinture intérieure",
    equipment_items: [
      "Escabeau 5 marches",
      "Rouleaux et manchons",
      "Pinceaux à rechampir",
      "Bacs à peinture",
      "Perche télescopique",
      "Ponceuse girafe",
      "Couteaux à enduire",
      "Bâches de protection",
      "Ruban de masquage",
      "Enduit de rebouchage",
      "Masque FFP2",
      "Lunettes de protection",
    ],
  },
  {
    name: "Électricité tableau",
    equipment_items: [
      "Multimètre",
      "Vérificateur d'absence de tension (VAT)",
      "Tournevis isolés 1000 V",
      "Pince à dénuder",
      "Pince coupante isolée",
      "Gants isolants classe 0",
      "Écran facial anti-UV",
      "Cadenas de consignation",
      "Perceuse-visseuse sans fil",
      "Niveau à bulle",
      "Peignes d'alimentation",
      "Étiqueteuse",
      "Colliers de serrage",
    ],
  },
  {
    name: "Salle de bain complète",
    equipment_items: [
      "Perforateur SDS",
      "Carrelette",
      "Meuleuse d'angle 125 mm",
      "Niveau laser",
      "Malaxeur et seau de gâchage",
      "Peignes à colle",
      "Croisillons et cales",
      "Scie cloche",
      "Aspirateur de chantier",
      "Genouillères",
      "Casque antibruit",
      "Gants anti-coupure",
      "Mortier-colle C2",
      "Mastic silicone sanitaire",
      "Sacs à gravats",
    ],
  },
];

/** Creates the four templates for the signed-in administrator's company. */
export async function seedDemoEquipment(db: Database, admin: AuthContext): Promise<EquipmentTemplate[]> {
  const service = createEquipmentTemplatesService(db);
  const created: EquipmentTemplate[] = [];
  for (const template of DEMO_EQUIPMENT_TEMPLATES) {
    created.push(await service.create(admin, { name: template.name, equipment_items: [...template.equipment_items] }));
  }
  return created;
}
