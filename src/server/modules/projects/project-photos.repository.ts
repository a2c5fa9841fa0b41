import type { Db } from "@server/db/client";
import type { ProjectStatus } from "@shared/project-rules";
import { sql } from "drizzle-orm";
import type { StoredImage } from "./photo-image";

/** A photo row, before its files become signed URLs. */
export interface PhotoRow {
  id: string;
  project_id: string;
  file_id: string;
  thumbnail_file_id: string;
  filename: string | null;
  width: number | null;
  height: number | null;
  client_key: string | null;
  created_by_name: string | null;
  created_at: string;
}

type RawPhoto = Omit<PhotoRow, "created_at"> & { created_at: string | Date };
const toRow = (row: RawPhoto): PhotoRow => ({ ...row, created_at: new Date(row.created_at).toISOString() });

const COLUMNS = sql`ph.id, ph.project_id, ph.file_id, ph.thumbnail_file_id, ph.filename, ph.width, ph.height,
  ph.client_key, ph.created_by_name, ph.created_at`;

export const projectPhotosRepository = {
  /** A worksite's photos, oldest first. */
  async list(tx: Db, companyId: string, projectId: string): Promise<PhotoRow[]> {
    const result = await tx.execute<RawPhoto>(sql`
      SELECT ${COLUMNS} FROM project_photos ph
      WHERE ph.company_id = ${companyId} AND ph.project_id = ${projectId}
      ORDER BY ph.created_at, ph.id`);
    return result.rows.map(toRow);
  },

  async count(tx: Db, companyId: string, projectId: string): Promise<number> {
    const result = await tx.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM project_photos WHERE company_id = ${companyId} AND project_id = ${projectId}`);
    return Number(result.rows[0]?.n ?? 0);
  },

  /** A photo with its worksite's status and team (who may touch it, and whether it is on site). */
  async find(
    tx: Db,
    companyId: string,
    id: string,
    lock = false,
  ): Promise<(PhotoRow & { project_status: ProjectStatus; team_id: string | null }) | undefined> {
    const result = await tx.execute<RawPhoto & { project_status: ProjectStatus; team_id: string | null }>(sql`
      SELECT ${COLUMNS}, p.status AS project_status, p.team_id
      FROM project_photos ph JOIN projects p ON p.company_id = ${companyId} AND p.id = ph.project_id
      WHERE ph.company_id = ${companyId} AND ph.id = ${id}
      ${lock ? sql`FOR UPDATE OF ph, p` : sql``}`);
    const row = result.rows[0];
    if (!row) return undefined;
    const { project_status, team_id, ...photo } = row;
    return { ...toRow(photo), project_status, team_id };
  },

  /** The photo sent with `clientKey` before, if any (a replay). */
  async byClientKey(tx: Db, companyId: string, clientKey: string): Promise<PhotoRow | undefined> {
    const result = await tx.execute<RawPhoto>(sql`
      SELECT ${COLUMNS} FROM project_photos ph WHERE ph.company_id = ${companyId} AND ph.client_key = ${clientKey}`);
    const row = result.rows[0];
    return row ? toRow(row) : undefined;
  },

  /**
   * Stores the image, its thumbnail and the photo in one statement; a `clientKey` taken meanwhile
   * raises the unique violation (the transaction, files included, is rolled back).
   */
  async insert(
    tx: Db,
    companyId: string,
    photo: {
      projectId: string;
      full: StoredImage;
      thumbnail: StoredImage;
      filename: string | null;
      clientKey: string | null;
      createdBy: string;
      createdByName: string;
    },
  ): Promise<string> {
    const result = await tx.execute<{ id: string }>(sql`
      WITH f AS (
        INSERT INTO files (company_id, kind, content_type, size, filename, data)
        VALUES (${companyId}, 'project_photo', ${photo.full.contentType}, ${photo.full.data.length}, ${photo.filename}, ${photo.full.data})
        RETURNING id
      ), t AS (
        INSERT INTO files (company_id, kind, content_type, size, filename, data)
        VALUES (${companyId}, 'project_photo_thumbnail', ${photo.thumbnail.contentType}, ${photo.thumbnail.data.length},
                ${photo.filename}, ${photo.thumbnail.data})
        RETURNING id
      )
      INSERT INTO project_photos (company_id, project_id, file_id, thumbnail_file_id, filename, width, height,
                                  client_key, created_by, created_by_name)
      SELECT ${companyId}, ${photo.projectId}, f.id, t.id, ${photo.filename}, ${photo.full.width}, ${photo.full.height},
             ${photo.clientKey}::uuid, ${photo.createdBy}, ${photo.createdByName}
      FROM f, t
      RETURNING id`);
    const id = result.rows[0]?.id;
    if (!id) throw new Error("project photo not inserted");
    return id;
  },

  /** Deletes a photo; its two files go with it (trigger project_photos_delete_files, drizzle/0020). */
  async remove(tx: Db, companyId: string, id: string): Promise<void> {
    await tx.execute(sql`DELETE FROM project_photos WHERE company_id = ${companyId} AND id = ${id}`);
  },
};
