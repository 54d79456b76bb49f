ALTER TYPE "public"."one_time_token_kind" ADD VALUE 'email_change';--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;