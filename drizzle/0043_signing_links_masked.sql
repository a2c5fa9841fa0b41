-- A quote's signing link is never stored in clear in the outbox any more (docs/domain/messages.md,
-- link-secrets.ts): the links written before are masked as the new ones are. Such a message kept in the
-- app no longer shows its link; sending the quote again gives a new one.
UPDATE outbox_messages
SET body = regexp_replace(body, '(/signer/)[A-Za-z0-9_-]{43}', '\1[masqué]', 'g')
WHERE kind IN ('quote_send', 'quote_reminder') AND body ~ '/signer/[A-Za-z0-9_-]{43}';
