-- A client that has quotes cannot be deleted (docs/domain/clients.md): RESTRICT instead of CASCADE,
-- a backstop under the service's 409. Existing rows already satisfy the key.
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;
