CREATE TYPE "public"."held_winning_status" AS ENUM('held', 'released', 'voided');--> statement-breakpoint
CREATE TABLE "held_winnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"round_id" text NOT NULL,
	"game_id" text NOT NULL,
	"win_ledger_transaction_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"real_amount" bigint NOT NULL,
	"bonus_amount" bigint NOT NULL,
	"status" "held_winning_status" DEFAULT 'held' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_ledger_transaction_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "held_winnings_amounts" CHECK ("held_winnings"."amount" > 0 AND "held_winnings"."real_amount" >= 0 AND "held_winnings"."bonus_amount" >= 0 AND "held_winnings"."amount" = "held_winnings"."real_amount" + "held_winnings"."bonus_amount"),
	CONSTRAINT "held_winnings_decided" CHECK (("held_winnings"."status" = 'held') = ("held_winnings"."decided_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_amounts";--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "max_multiplier" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "held" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "held_winnings" ADD CONSTRAINT "held_winnings_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_winnings" ADD CONSTRAINT "held_winnings_win_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("win_ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_winnings" ADD CONSTRAINT "held_winnings_decided_by_players_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_winnings" ADD CONSTRAINT "held_winnings_decision_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("decision_ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_winnings_transaction_key" ON "held_winnings" USING btree ("transaction_id","provider");--> statement-breakpoint
CREATE INDEX "held_winnings_status_idx" ON "held_winnings" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "held_winnings_round_idx" ON "held_winnings" USING btree ("round_id","provider");--> statement-breakpoint
CREATE INDEX "wallet_transactions_player_created_idx" ON "wallet_transactions" USING btree ("player_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_player_balance_safe" CHECK ("ledger_accounts"."kind" = 'system' OR "ledger_accounts"."balance" <= 4503599627370495);--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_amounts" CHECK ("wallet_transactions"."amount" >= 0 AND "wallet_transactions"."real_amount" >= 0 AND "wallet_transactions"."bonus_amount" >= 0 AND "wallet_transactions"."held" >= 0);