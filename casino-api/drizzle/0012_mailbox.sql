CREATE TYPE "public"."mailbox_category" AS ENUM('account', 'payment', 'bonus', 'promotion', 'support');--> statement-breakpoint
CREATE TABLE "mailbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"category" "mailbox_category" NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "language" "locale" DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "answered_by" uuid;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailbox_messages_player_idx" ON "mailbox_messages" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "mailbox_messages_unread_idx" ON "mailbox_messages" USING btree ("player_id") WHERE "mailbox_messages"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mailbox_messages_source_key" ON "mailbox_messages" USING btree ("player_id","source");--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_answered_by_players_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;