-- Issue 31 (ADR 0019). The generator also listed the tables of 0032–0034, missing from the 0034
-- snapshot: they exist; only the columns below are new.
--
-- A refresh's twin (docs/domain/auth.md#session): the jti replaced at the last rotation and when, so
-- that the same token presented again within 30 s (two tabs) gets the current token instead of
-- revoking the session.
ALTER TABLE "sessions" ADD COLUMN "previous_token_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
-- The one-time link of an invitation or reset mail, sealed, while the delivery loop has to send it
-- (docs/domain/messages.md#accounts-mails); the body names it masked.
ALTER TABLE "outbox_messages" ADD COLUMN "link_secret" text;
--> statement-breakpoint
-- The links already stored in clear in the messages' bodies are masked; a mail still waiting to be
-- sent then has no link to send: failed, with the reason (a new link is one click in « Utilisateurs »).
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
UPDATE outbox_messages
SET body = regexp_replace(body, '/(invitation|reinitialiser)/[A-Za-z0-9_-]{43}', '/\1/[masqué]', 'g')
WHERE kind IN ('invitation', 'password_reset') AND body ~ '/(invitation|reinitialiser)/[A-Za-z0-9_-]{43}';
--> statement-breakpoint
UPDATE outbox_messages
SET status = 'failed', next_attempt_at = NULL,
    last_error = 'Lien retiré du message (mise à jour de sécurité) : envoyez un nouveau lien depuis « Utilisateurs »'
WHERE kind IN ('invitation', 'password_reset') AND status = 'pending';
--> statement-breakpoint
SELECT set_config('app.platform', 'off', true);
