import { randomUUID } from "node:crypto";
import { bearer, createTestCompany, createTestUserWithPermissions, login, setupApp } from "@server/test/helpers";
import { blankPng } from "@server/test/images";
import { PROJECT_LIMITS, PROJECT_TEXTS, type ProjectDetail, type ProjectPhoto } from "@shared/projects";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

const { app, db } = await setupApp();

const api = (token: string, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A multipart body: the file part « photo » (unless left out) and the text fields, in that order. */
function form(fields: Record<string, string>, file?: { data: Buffer; filename?: string; type?: string }) {
  const boundary = `----propulse-${randomUUID()}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.filename ?? "photo.jpg"}"\r\nContent-Type: ${file.type ?? "image/jpeg"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string, fields: Record<string, string>, file?: Parameters<typeof form>[1]) => {
  const { payload, headers } = form(fields, file);
  return app.inject({ method: "POST", url: "/api/project-photos", payload, headers: { ...headers, ...bearer(token) } });
};

/** A small photo as a phone takes it: turned (EXIF orientation 6) and located (GPS). */
async function phonePhoto(width = 64, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2f6f4f" } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneDeChantier" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 45/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "4/1 50/1 0/1" },
    })
    .jpeg()
    .toBuffer();
}
/** Whether an EXIF block (as sharp's metadata gives it: « Exif\0\0 » then TIFF) points at a GPS IFD (tag 0x8825). */
function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd0 = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();

interface Crew {
  id: string;
  admin: string;
  compagnon: string;
  teamId: string;
  otherTeamId: string;
}

async function crew(name: string): Promise<Crew> {
  const company = await createTestCompany(db, name);
  const admin = (await login(app, company.emails.admin)).token;
  const compagnon = await login(app, company.emails.compagnon);
  const team = await api(admin, "POST", "/api/teams", { name: "Équipe Façade", member_ids: [compagnon.user.id] });
  const other = await api(admin, "POST", "/api/teams", { name: "Équipe Toiture" });
  return { id: company.id, admin, compagnon: compagnon.token, teamId: team.json().id, otherTeamId: other.json().id };
}

let a: Crew;
let b: Crew;
beforeAll(async () => {
  a = await crew("Photos SARL");
  b = await crew("Autres Photos SARL");
});

/** A worksite of `teamId`, started unless told. */
async function worksite(c: Crew, teamId: string | null = c.teamId, start = true): Promise<ProjectDetail> {
  const res = await api(c.admin, "POST", "/api/projects", { name: "Ravalement", team_id: teamId });
  expect(res.statusCode, res.body).toBe(201);
  const project = res.json() as ProjectDetail;
  if (start) expect((await api(c.admin, "POST", `/api/projects/${project.id}/start`)).statusCode).toBe(200);
  return project;
}

const filesOf = (photo: ProjectPhoto) =>
  [photo.file_url, photo.thumbnail_url].map((url) => url.split("?")[0]?.split("/").pop() ?? "");

async function storedFiles(ids: string[]): Promise<number> {
  const result = await db.run("platform", (tx) =>
    tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM files WHERE id = ANY(${`{${ids.join(",")}}`}::uuid[])`,
    ),
  );
  return Number(result.rows[0]?.n);
}

describe("POST /api/project-photos", () => {
  it("stores the photo upright, without its metadata, with a thumbnail, both served by signed URLs", async () => {
    const project = await worksite(a);
    const taken = await phonePhoto();
    const original = await sharp(taken).metadata();
    expect([original.width, original.height, original.orientation, hasGps(original.exif)]).toEqual([64, 32, 6, true]);
    expect(taken.includes("PhoneDeChantier")).toBe(true);
    const res = await upload(a.compagnon, { project_id: project.id }, { data: taken, filename: "façade.jpg" });
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json() as ProjectPhoto;
    // Orientation 6 applied: the 64 × 32 image stands 32 × 64.
    expect(photo).toMatchObject({ project_id: project.id, filename: "façade.jpg", width: 32, height: 64 });
    expect(photo.created_by_name).toBeTruthy();
    const full = await app.inject({ method: "GET", url: photo.file_url });
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(full.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([32, 64]);
    expect(meta.exif).toBeUndefined();
    expect(hasGps(meta.exif)).toBe(false);
    expect(meta.orientation).toBeUndefined();
    expect(full.rawPayload.includes("PhoneDeChantier")).toBe(false);
    const thumb = await app.inject({ method: "GET", url: photo.thumbnail_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(thumb.rawPayload).metadata()).exif).toBeUndefined();
    const list = await api(a.admin, "GET", `/api/project-photos/${project.id}`);
    expect(list.json().data.map((p: ProjectPhoto) => p.id)).toEqual([photo.id]);
  });

  it("reduces a large photo to 2,048 px and its thumbnail to 480 px", async () => {
    const project = await worksite(a);
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#999999" } })
      .jpeg()
      .toBuffer();
    const photo = (await upload(a.admin, { project_id: project.id }, { data: big })).json() as ProjectPhoto;
    expect([photo.width, photo.height]).toEqual([2048, 1536]);
    const thumb = await app.inject({ method: "GET", url: photo.thumbnail_url });
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([480, 360]);
  });

  it("answers the same photo to a replay of its client_key, never a second one", async () => {
    const project = await worksite(a);
    const key = randomUUID();
    const first = await upload(a.compagnon, { project_id: project.id, client_key: key }, { data: await png() });
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(a.compagnon, { project_id: project.id, client_key: key }, { data: await png() });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await api(a.admin, "GET", `/api/project-photos/${project.id}`)).json().data).toHaveLength(1);
    // Replayed even once the worksite is finished: the phone only lost the answer.
    await api(a.admin, "POST", `/api/projects/${project.id}/finish`);
    const late = await upload(a.compagnon, { project_id: project.id, client_key: key }, { data: await png() });
    expect(late.statusCode).toBe(200);
    const elsewhere = await upload(
      a.admin,
      { project_id: (await worksite(a)).id, client_key: key },
      { data: await png() },
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(PROJECT_TEXTS.photoClientKeyTaken);
  });

  it("checks the type by content, never by name or header", async () => {
    const project = await worksite(a);
    const text = await upload(
      a.admin,
      { project_id: project.id },
      { data: Buffer.from("ceci n'est pas une image"), filename: "photo.jpg", type: "image/jpeg" },
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(PROJECT_TEXTS.photoImagesOnly);
    const named = await upload(
      a.admin,
      { project_id: project.id },
      { data: await png(), filename: "notes.txt", type: "text/plain" },
    );
    expect(named.statusCode, named.body).toBe(201);
    // A transparent PNG becomes a JPEG on white (JPEG has no alpha), not on black.
    const clear = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const flat = (await upload(a.admin, { project_id: project.id }, { data: clear, filename: "calque.png" })).json();
    const pixels = await sharp((await app.inject({ method: "GET", url: flat.file_url })).rawPayload)
      .raw()
      .toBuffer();
    expect(Math.min(...pixels)).toBeGreaterThan(245);
    const damaged = await upload(
      a.admin,
      { project_id: project.id },
      { data: (await phonePhoto()).subarray(0, 200), filename: "coupée.jpg" },
    );
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toBe(PROJECT_TEXTS.photoDamaged);
  });

  it("refuses an image beyond 50 megapixels or 16,384 px a side, however few its bytes, in French", async () => {
    const project = await worksite(a);
    // 56 megapixels of 1-bit grey in some 7 kB; a panorama of 20,000 × 10 px.
    for (const data of [
      blankPng({ width: 8000, height: 7000, colorType: 0, bitDepth: 1 }),
      blankPng({ width: 20_000, height: 10, colorType: 0, bitDepth: 8 }),
    ]) {
      expect(data.length).toBeLessThan(PROJECT_LIMITS.photoMaxBytes);
      const res = await upload(a.admin, { project_id: project.id }, { data, filename: "grande.png" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: PROJECT_TEXTS.photoTooManyPixels,
        details: [{ path: "photo", message: PROJECT_TEXTS.photoTooManyPixels }],
      });
    }
    // Within the bounds, a large PNG is reduced as any photo.
    const wide = blankPng({ width: 16_384, height: 1000, colorType: 0, bitDepth: 1 });
    const res = await upload(a.admin, { project_id: project.id }, { data: wide, filename: "large.png" });
    expect(res.statusCode, res.body).toBe(201);
    expect([res.json().width, res.json().height]).toEqual([2048, 125]);
  });

  it("refuses more than 5 MB, a missing file, a bad worksite id, in French", async () => {
    const project = await worksite(a);
    const huge = Buffer.alloc(PROJECT_LIMITS.photoMaxBytes + 10, 0xff);
    huge.set([0xff, 0xd8, 0xff], 0);
    const large = await upload(a.admin, { project_id: project.id }, { data: huge });
    expect(large.statusCode).toBe(400);
    expect(large.json().message).toBe(PROJECT_TEXTS.photoTooLarge);
    const phoneRaw = await upload(a.admin, { project_id: project.id }, { data: Buffer.concat([huge, huge]) });
    expect(phoneRaw.statusCode).toBe(400);
    expect(phoneRaw.json().message).toBe(PROJECT_TEXTS.photoTooLarge);
    const missing = await upload(a.admin, { project_id: project.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(PROJECT_TEXTS.photoMissing);
    const badId = await upload(a.admin, { project_id: "pas-un-id" }, { data: await png() });
    expect(badId.statusCode).toBe(400);
    const json = await api(a.admin, "POST", "/api/project-photos", { project_id: project.id });
    expect(json.statusCode).toBe(400);
  });

  it("holds 20 photos a worksite, also when they arrive at once", async () => {
    const project = await worksite(a);
    const image = await png();
    const answers = await Promise.all(
      Array.from({ length: PROJECT_LIMITS.photosMax + 3 }, () =>
        upload(a.admin, { project_id: project.id }, { data: image }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(PROJECT_LIMITS.photosMax);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe(PROJECT_TEXTS.photoLimit);
  });

  it("is site execution: only on a worksite in progress, the Compagnon's team only, never another company's", async () => {
    const waiting = await worksite(a, a.teamId, false);
    const notStarted = await upload(a.admin, { project_id: waiting.id }, { data: await png() });
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json().message).toBe(PROJECT_TEXTS.notInProgress);
    const otherTeam = await worksite(a, a.otherTeamId);
    const outside = await upload(a.compagnon, { project_id: otherTeam.id }, { data: await png() });
    expect(outside.statusCode).toBe(404);
    expect((await api(a.compagnon, "GET", `/api/project-photos/${otherTeam.id}`)).statusCode).toBe(404);
    const theirs = await upload(b.admin, { project_id: otherTeam.id }, { data: await png() });
    expect(theirs.statusCode).toBe(404);
    expect((await api(b.admin, "GET", `/api/project-photos/${otherTeam.id}`)).statusCode).toBe(404);
    const viewer = await login(app, await createTestUserWithPermissions(db, a.id, ["projects:view", "team:view"]));
    expect((await upload(viewer.token, { project_id: otherTeam.id }, { data: await png() })).statusCode).toBe(403);
    expect((await api(viewer.token, "GET", `/api/project-photos/${otherTeam.id}`)).statusCode).toBe(200);
  });
});

describe("DELETE /api/project-photos/:id", () => {
  it("deletes the photo and its two files", async () => {
    const project = await worksite(a);
    const photo = (await upload(a.compagnon, { project_id: project.id }, { data: await png() })).json() as ProjectPhoto;
    expect(await storedFiles(filesOf(photo))).toBe(2);
    expect((await api(b.admin, "DELETE", `/api/project-photos/${photo.id}`)).statusCode).toBe(404);
    const res = await api(a.compagnon, "DELETE", `/api/project-photos/${photo.id}`);
    expect(res.statusCode).toBe(204);
    expect((await api(a.admin, "GET", `/api/project-photos/${project.id}`)).json().data).toEqual([]);
    expect(await storedFiles(filesOf(photo))).toBe(0);
    expect((await api(a.compagnon, "DELETE", `/api/project-photos/${photo.id}`)).statusCode).toBe(404);
  });

  it("is refused once the worksite is delivered; deleting the worksite deletes its photos' files", async () => {
    const project = await worksite(a);
    const photo = (await upload(a.admin, { project_id: project.id }, { data: await png() })).json() as ProjectPhoto;
    await api(a.admin, "POST", `/api/projects/${project.id}/finish`);
    const late = await api(a.admin, "DELETE", `/api/project-photos/${photo.id}`);
    expect(late.statusCode).toBe(409);
    expect((await api(a.admin, "DELETE", `/api/projects/${project.id}`)).statusCode).toBe(204);
    expect(await storedFiles(filesOf(photo))).toBe(0);
  });
});
