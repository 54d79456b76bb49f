CREATE TYPE "public"."wagering_kind" AS ENUM('deposit', 'bonus');--> statement-breakpoint
CREATE TYPE "public"."wallet_transaction_kind" AS ENUM('bet', 'win', 'rollback');--> statement-breakpoint
CREATE TABLE "wagering_contributions" (
	"wallet_transaction_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "wagering_contributions_wallet_transaction_id_requirement_id_pk" PRIMARY KEY("wallet_transaction_id","requirement_id"),
	CONSTRAINT "wagering_contributions_amount_positive" CHECK ("wagering_contributions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wagering_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"kind" "wagering_kind" NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"required" bigint NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"met_at" timestamp with time zone,
	CONSTRAINT "wagering_requirements_progress" CHECK ("wagering_requirements"."wagered" >= 0 AND "wagering_requirements"."wagered" <= "wagering_requirements"."required"),
	CONSTRAINT "wagering_requirements_met" CHECK (("wagering_requirements"."met_at" IS NOT NULL) = ("wagering_requirements"."wagered" = "wagering_requirements"."required"))
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"kind" "wallet_transaction_kind" NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"round_id" text NOT NULL,
	"game_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"real_amount" bigint DEFAULT 0 NOT NULL,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"ledger_transaction_id" uuid,
	"rolls_back" text,
	"real_after" bigint NOT NULL,
	"bonus_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_amounts" CHECK ("wallet_transactions"."amount" >= 0 AND "wallet_transactions"."real_amount" >= 0 AND "wallet_transactions"."bonus_amount" >= 0),
	CONSTRAINT "wallet_transactions_rollback" CHECK (("wallet_transactions"."kind" = 'rollback') = ("wallet_transactions"."rolls_back" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "wagering_contributions" ADD CONSTRAINT "wagering_contributions_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagering_contributions" ADD CONSTRAINT "wagering_contributions_requirement_id_wagering_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."wagering_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagering_requirements" ADD CONSTRAINT "wagering_requirements_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagering_requirements" ADD CONSTRAINT "wagering_requirements_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wagering_contributions_requirement_idx" ON "wagering_contributions" USING btree ("requirement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wagering_requirements_source_key" ON "wagering_requirements" USING btree ("ledger_transaction_id");--> statement-breakpoint
CREATE INDEX "wagering_requirements_open_idx" ON "wagering_requirements" USING btree ("player_id","currency","kind","created_at") WHERE "wagering_requirements"."met_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_external_key" ON "wallet_transactions" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_rollback_key" ON "wallet_transactions" USING btree ("provider","rolls_back") WHERE "wallet_transactions"."kind" = 'rollback';--> statement-breakpoint
CREATE INDEX "wallet_transactions_round_idx" ON "wallet_transactions" USING btree ("provider","round_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_created_idx" ON "wallet_transactions" USING btree ("created_at");