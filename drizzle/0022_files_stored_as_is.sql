-- Stored files are images already compressed (JPEG, PNG, WebP, GIF): PostgreSQL's own compression
-- (pglz) of a 600 KB photo gains nothing and costs the database some 10 ms of CPU at each upload.
-- EXTERNAL keeps them out of line, uncompressed (docs/domain/projects.md#photos, the upload bench).
ALTER TABLE "files" ALTER COLUMN "data" SET STORAGE EXTERNAL;
