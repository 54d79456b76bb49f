-- Another provider's rounds of a player, which Bet History lists (ADR 0049 addendum).
CREATE INDEX "wallet_transactions_elsewhere_idx" ON "wallet_transactions" USING btree ("player_id","created_at") WHERE "wallet_transactions"."provider" <> 'builtin';
