-- A refresh's twin (ADR 0019, docs/domain/auth.md#session): the jti replaced at the last rotation and
-- when, so that the same token presented again within a few seconds (two tabs) gets the current token
-- instead of revoking the session. (The generator also listed tables of 0032–0034 missing from the
-- 0034 snapshot; they exist: only these two columns are new.)
ALTER TABLE "sessions" ADD COLUMN "previous_token_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotated_at" timestamp with time zone;
